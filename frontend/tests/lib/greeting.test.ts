import { describe, expect, it } from 'vitest'
import { greetingName, initials, welcomeWord } from '#lib/greeting'

describe('greetingName (docs/screens.md: first name, else the email before the @, else "there")', () => {
  it('uses the first name', () => {
    expect(greetingName({ firstName: 'Asha', email: 'asha@example.in' })).toBe('Asha')
  })

  it('trims the first name', () => {
    expect(greetingName({ firstName: '  Ravi ', email: 'r@example.in' })).toBe('Ravi')
  })

  it('falls back to the part of the email before the @ when there is no first name', () => {
    expect(greetingName({ firstName: '', email: 'meena.k@example.in' })).toBe('meena.k')
    expect(greetingName({ firstName: '   ', email: 'meena.k@example.in' })).toBe('meena.k')
    expect(greetingName({ firstName: null, email: 'meena.k@example.in' })).toBe('meena.k')
  })

  it('falls back to "there" with neither a name nor an email', () => {
    expect(greetingName({ firstName: '', email: '' })).toBe('there')
    expect(greetingName({})).toBe('there')
    expect(greetingName(null)).toBe('there')
    expect(greetingName(undefined)).toBe('there')
  })

  it('says "there" when the email has nothing before the @', () => {
    expect(greetingName({ email: '@example.in' })).toBe('there')
  })
})

describe('initials (avatar)', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials({ firstName: 'asha', lastName: 'verma' })).toBe('AV')
  })

  it('uses the first name alone when there is no last name', () => {
    expect(initials({ firstName: 'Asha', lastName: '' })).toBe('A')
  })

  it('uses the last name alone when there is no first name', () => {
    expect(initials({ firstName: '', lastName: 'Verma', email: 'x@example.in' })).toBe('V')
  })

  it('falls back to the greeting name: the email, then "there"', () => {
    expect(initials({ firstName: '', lastName: '', email: 'meena@example.in' })).toBe('M')
    expect(initials(null)).toBe('T')
  })
})

// docs/decisions.md D39: a brand-new owner was greeted 'Welcome back'. New = the account is less than a day old.
describe('welcomeWord: "Welcome" on the first day, "Welcome back" after', () => {
  const now = new Date('2026-11-24T10:00:00.000Z')
  it('says "Welcome" to an account created minutes or hours ago', () => {
    expect(welcomeWord({ createdAt: '2026-11-24T09:55:00.000Z' }, now)).toBe('Welcome')
    expect(welcomeWord({ createdAt: '2026-11-23T10:00:01.000Z' }, now)).toBe('Welcome')
  })
  it('says "Welcome back" once the account is a day old or more', () => {
    expect(welcomeWord({ createdAt: '2026-11-23T10:00:00.000Z' }, now)).toBe('Welcome back')
    expect(welcomeWord({ createdAt: '2026-10-01T00:00:00.000Z' }, now)).toBe('Welcome back')
  })
  it('says the neutral "Welcome" when it cannot tell', () => {
    expect(welcomeWord(null, now)).toBe('Welcome')
    expect(welcomeWord({ createdAt: 'not a date' }, now)).toBe('Welcome')
  })
})
