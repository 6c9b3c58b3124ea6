import { describe, expect, it } from 'vitest'
import { daysRemaining, formatDate, formatDateTime, relativeTime } from '#lib/dates'

const NOW = new Date('2026-11-21T10:00:00.000Z')

describe('relativeTime (docs/product-rules.md#trial: invalid dates in activity lists read "Recently")', () => {
  it('says how long ago in the given locale', () => {
    expect(relativeTime('2026-11-21T07:00:00.000Z', NOW, 'en')).toBe('3 hours ago')
    expect(relativeTime('2026-11-20T10:00:00.000Z', NOW, 'en')).toBe('yesterday')
    expect(relativeTime('2026-11-14T10:00:00.000Z', NOW, 'en')).toBe('last week')
    expect(relativeTime('2026-11-21T09:59:30.000Z', NOW, 'en')).toBe('30 seconds ago')
  })

  it('reads "Recently" for a missing or invalid date', () => {
    expect(relativeTime('not a date', NOW, 'en')).toBe('Recently')
    expect(relativeTime('', NOW, 'en')).toBe('Recently')
    expect(relativeTime(null, NOW, 'en')).toBe('Recently')
    expect(relativeTime(undefined, NOW, 'en')).toBe('Recently')
  })
})

describe('formatDate (docs/product-rules.md#trial: "N/A" when missing, "Invalid Date" when not a date; docs/decisions.md D12: Asia/Kolkata)', () => {
  it('shows the day in India', () => {
    expect(formatDate('2026-11-22T06:00:00.000Z')).toBe('22 Nov 2026')
  })

  it('uses the Kolkata calendar day, not UTC', () => {
    // 19:00 UTC on the 21st is 00:30 on the 22nd in India.
    expect(formatDate('2026-11-21T19:00:00.000Z')).toBe('22 Nov 2026')
  })

  it('"N/A" for a missing date', () => {
    expect(formatDate(null)).toBe('N/A')
    expect(formatDate(undefined)).toBe('N/A')
    expect(formatDate('')).toBe('N/A')
  })

  it('"Invalid Date" for a value that is not a date', () => {
    expect(formatDate('soon')).toBe('Invalid Date')
  })

  it('formatDateTime falls back to "Recently"', () => {
    expect(formatDateTime('nope')).toBe('Recently')
  })
})

describe('daysRemaining (docs/product-rules.md#trial: ceiling of days from today to the end day, minimum 0; invalid → 0)', () => {
  it('counts calendar days in India to the end day', () => {
    expect(daysRemaining('2026-11-24T06:00:00.000Z', NOW)).toBe(3)
    expect(daysRemaining('2026-12-21T10:00:00.000Z', NOW)).toBe(30)
  })

  it('is 0 for an end day that is today', () => {
    expect(daysRemaining('2026-11-21T15:00:00.000Z', NOW)).toBe(0)
  })

  it('never goes below 0 for an end that has passed', () => {
    expect(daysRemaining('2026-11-01T00:00:00.000Z', NOW)).toBe(0)
  })

  it('is 0 for a missing or invalid end date', () => {
    expect(daysRemaining(null, NOW)).toBe(0)
    expect(daysRemaining(undefined, NOW)).toBe(0)
    expect(daysRemaining('', NOW)).toBe(0)
    expect(daysRemaining('garbage', NOW)).toBe(0)
  })

  it('crosses the day at midnight in Asia/Kolkata, not at midnight UTC', () => {
    // 18:29 UTC is 23:59 IST on the 20th; 18:31 UTC is 00:01 IST on the 21st: one day apart in India,
    // though both are the 20th in UTC.
    const lateEvening = new Date('2026-11-20T18:29:00.000Z')
    expect(daysRemaining('2026-11-20T18:31:00.000Z', lateEvening)).toBe(1)
    // 18:31 UTC on the 20th and 17:00 UTC on the 21st are both the 21st in India.
    const justAfterMidnight = new Date('2026-11-20T18:31:00.000Z')
    expect(daysRemaining('2026-11-21T17:00:00.000Z', justAfterMidnight)).toBe(0)
  })
})
