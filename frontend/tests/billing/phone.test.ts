import { describe, expect, it } from 'vitest'
import { isValidPhone, phoneDigits, phoneFieldText, phoneForApi, typedPhoneProblem } from '#lib/phone'

describe('phone number rules (docs/product-rules.md)', () => {
  it('keeps only digits as they are typed or pasted', () => {
    expect(phoneDigits('98a76-54 3')).toBe('9876543')
    expect(phoneDigits('(987) 654-3210')).toBe('9876543210')
  })

  it('keeps at most 10 digits', () => {
    expect(phoneDigits('987654321012345')).toBe('9876543210')
  })

  it('is valid with exactly 10 digits only', () => {
    expect(isValidPhone('9876543210')).toBe(true)
    expect(isValidPhone('987654321')).toBe(false)
    expect(isValidPhone('98765432101')).toBe(false)
    expect(isValidPhone('98765 4321')).toBe(false)
    expect(isValidPhone('')).toBe(false)
  })

  // Indian mobile numbers start with 6-9: '1234567890' was taken as a phone number.
  it('is valid only as a mobile number: the first digit 6, 7, 8 or 9', () => {
    for (const first of '6789') expect(isValidPhone(`${first}000012345`)).toBe(true)
    for (const first of '12345') expect(isValidPhone(`${first}000012345`)).toBe(false)
    expect(isValidPhone('1234567890')).toBe(false)
  })

  it('says so as soon as the first digit typed cannot start a mobile number', () => {
    expect(typedPhoneProblem('')).toBeNull()
    expect(typedPhoneProblem('98')).toBeNull()
    expect(typedPhoneProblem('1')).toBe('Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9')
  })

  it('is sent with the +91 prefix', () => {
    expect(phoneForApi('9876543210')).toBe('+919876543210')
  })

  /** What the field shows after each key of `typed`, one at a time, as a phone's keyboard sends them. */
  const keyByKey = (typed: string) => [...typed].reduce((field, key) => phoneFieldText(field + key), '')

  // '+91 98450 12345' typed key by key was saved as 9198450123, while pasting it worked.
  it.each(['+91 98450 12345', '+919845012345', '0091 98450 12345', '09845012345', '919845012345', '98450 12345'])(
    'typed key by key, %s ends as the same 10 digits as pasted',
    (typed) => {
      expect(keyByKey(typed)).toBe('9845012345')
      expect(phoneFieldText(typed)).toBe('9845012345')
    }
  )

  it('keeps the country code while the number is still being typed, and says nothing about it', () => {
    expect(keyByKey('+91 984')).toBe('+91 984')
    expect(typedPhoneProblem(phoneDigits(keyByKey('+91 984')))).toBeNull()
    expect(isValidPhone(keyByKey('+91 984501234'))).toBe(false)
  })

  it('still drops letters and stops at 10 digits of a number typed without a prefix', () => {
    expect(keyByKey('98a7-6 54')).toBe('987654')
    expect(keyByKey('98765432109')).toBe('9876543210')
  })
})
