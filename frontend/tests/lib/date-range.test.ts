import { describe, expect, it } from 'vitest'
import {
  daysInRange,
  describeChange,
  formatRange,
  indiaToday,
  isAfterToday,
  matchingPreset,
  percentChange,
  presetRange,
  previousLabel,
  previousRange,
  RANGE_PRESETS,
} from '#lib/date-range'

// 01:00 IST on 1 December 2026 is still 30 November in UTC.
const earlyDecember = new Date('2026-11-30T19:30:00Z')
const midNovember = new Date('2026-11-24T06:00:00Z')

describe('presets', () => {
  it('are the last 7, 30 and 90 days and this month, in that order', () => {
    expect(RANGE_PRESETS.map((preset) => preset.label)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'This month'])
  })

  it('end today in India and count today as one of their days', () => {
    expect(indiaToday(earlyDecember)).toBe('2026-12-01')
    expect(presetRange('last7', earlyDecember)).toEqual({ from: '2026-11-25', to: '2026-12-01' })
    expect(presetRange('last30', midNovember)).toEqual({ from: '2026-10-26', to: '2026-11-24' })
    expect(presetRange('last90', midNovember)).toEqual({ from: '2026-08-27', to: '2026-11-24' })
  })

  it("'This month' runs from the 1st of India's month to today", () => {
    expect(presetRange('thisMonth', midNovember)).toEqual({ from: '2026-11-01', to: '2026-11-24' })
    expect(presetRange('thisMonth', earlyDecember)).toEqual({ from: '2026-12-01', to: '2026-12-01' })
  })

  it('are recognised from their dates, and any other range is custom', () => {
    expect(matchingPreset({ from: '2026-10-26', to: '2026-11-24' }, midNovember)).toBe('last30')
    expect(matchingPreset({ from: '2026-11-01', to: '2026-11-24' }, midNovember)).toBe('thisMonth')
    expect(matchingPreset({ from: '2026-11-01', to: '2026-11-20' }, midNovember)).toBeNull()
  })
})

describe('ranges', () => {
  it('count both ends', () => {
    expect(daysInRange({ from: '2026-11-24', to: '2026-11-24' })).toBe(1)
    expect(daysInRange({ from: '2026-02-01', to: '2026-03-01' })).toBe(29)
    expect(daysInRange({ from: '2025-11-25', to: '2026-11-24' })).toBe(365)
  })

  it('have a previous period of the same number of days just before them', () => {
    expect(previousRange({ from: '2026-11-18', to: '2026-11-24' })).toEqual({ from: '2026-11-11', to: '2026-11-17' })
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' })
    expect(previousRange({ from: '2026-11-24', to: '2026-11-24' })).toEqual({ from: '2026-11-23', to: '2026-11-23' })
  })

  it('read as days and months', () => {
    expect(formatRange({ from: '2026-10-26', to: '2026-11-24' })).toBe('26 Oct – 24 Nov 2026')
    expect(formatRange({ from: '2025-12-30', to: '2026-01-02' })).toBe('30 Dec 2025 – 2 Jan 2026')
    expect(formatRange({ from: '2026-11-24', to: '2026-11-24' })).toBe('24 Nov 2026')
  })

  it("know India's today: a day after it is in the future", () => {
    expect(isAfterToday('2026-12-01', earlyDecember)).toBe(false)
    expect(isAfterToday('2026-12-02', earlyDecember)).toBe(true)
    expect(isAfterToday('2026-11-25', midNovember)).toBe(true)
  })
})

describe('change against the previous period', () => {
  it('is a whole percent, or none when there was nothing before', () => {
    expect(percentChange(42, 30)).toBe(40)
    expect(percentChange(20, 30)).toBe(-33)
    expect(percentChange(5, 0)).toBeNull()
  })

  it('names the previous period', () => {
    expect(previousLabel(30)).toBe('previous 30 days')
    expect(previousLabel(1)).toBe('previous day')
  })

  it('reads counts with their sign and percent', () => {
    expect(describeChange(42, 30, 30)).toEqual({ trend: 'up', text: '+12 (+40%) vs previous 30 days' })
    expect(describeChange(20, 30, 7)).toEqual({ trend: 'down', text: '−10 (−33%) vs previous 7 days' })
    expect(describeChange(30, 30, 7)).toEqual({ trend: 'same', text: 'Same as previous 7 days' })
  })

  it('shows a count the previous period did not have as its change, without a percentage against nothing', () => {
    expect(describeChange(56, 0, 30)).toEqual({ trend: 'up', text: '+56, none in the previous 30 days' })
    expect(describeChange(0, 0, 30)).toEqual({ trend: 'same', text: 'None in the previous 30 days either' })
    expect(describeChange(1, 0, 1)).toEqual({ trend: 'up', text: '+1, none in the previous day' })
  })

  it('gives a count below 10 before as that count, not as a percentage', () => {
    expect(describeChange(59, 1, 30)).toEqual({ trend: 'up', text: '+58 vs 1 in the previous 30 days' })
    expect(describeChange(3, 9, 7)).toEqual({ trend: 'down', text: '−6 vs 9 in the previous 7 days' })
    expect(describeChange(15, 10, 7)).toEqual({ trend: 'up', text: '+5 (+50%) vs previous 7 days' })
  })

  it('says there were no ratings to compare a rating or a rate with', () => {
    expect(describeChange(4.2, null, 30, 'rating')).toEqual({ trend: 'none', text: 'No ratings in the previous 30 days' })
    expect(describeChange(66.7, null, 7, 'rate')).toEqual({ trend: 'none', text: 'No ratings in the previous 7 days' })
    expect(describeChange(null, 4.2, 30, 'rating')).toEqual({ trend: 'none', text: 'No ratings in this period' })
  })

  it('reads a rating in stars and a rate in points, without a percent', () => {
    expect(describeChange(4.5, 4.2, 30, 'rating')).toEqual({ trend: 'up', text: '+0.3 vs previous 30 days' })
    expect(describeChange(40, 52.5, 30, 'rate')).toEqual({ trend: 'down', text: '−12.5 pts vs previous 30 days' })
  })
})
