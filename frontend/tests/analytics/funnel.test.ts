import { describe, expect, it } from 'vitest'
import { conversionVerdict, formatPercent, funnelSteps } from '#lib/funnel'

describe('conversion verdict (docs/product-rules.md)', () => {
  it('is excellent at 70 % or more', () => {
    expect(conversionVerdict(70, 10)).toBe('excellent')
    expect(conversionVerdict(100, 1)).toBe('excellent')
    expect(conversionVerdict(69.9, 10)).toBeNull()
  })

  it('asks for improvement under 50 % only with more than 5 sessions', () => {
    expect(conversionVerdict(49.9, 6)).toBe('improvement')
    expect(conversionVerdict(0, 6)).toBe('improvement')
    expect(conversionVerdict(49.9, 5)).toBeNull()
    expect(conversionVerdict(50, 20)).toBeNull()
  })

  it('says nothing without sessions', () => {
    expect(conversionVerdict(0, 0)).toBeNull()
  })
})

describe('formatPercent', () => {
  it('always shows one decimal', () => {
    expect(formatPercent(70)).toBe('70.0%')
    expect(formatPercent(33.3)).toBe('33.3%')
    expect(formatPercent(Number.NaN)).toBe('0.0%')
  })
})

describe('visits funnel', () => {
  it('gives each step its share of the previous one', () => {
    expect(funnelSteps({ pageViews: 200, totalSessions: 50, redirectedSessions: 35 })).toEqual([
      { key: 'views', label: 'Page views', count: 200, rate: null },
      { key: 'ratings', label: 'Ratings', count: 50, rate: 25 },
      { key: 'google', label: 'Sent to Google', count: 35, rate: 70 },
    ])
  })

  it('gives no share when the previous step is empty or smaller (views counted only recently)', () => {
    const [, ratings, google] = funnelSteps({ pageViews: 1, totalSessions: 60, redirectedSessions: 0 })
    expect(ratings.rate).toBeNull()
    expect(google.rate).toBe(0)
    expect(funnelSteps({ pageViews: 0, totalSessions: 0, redirectedSessions: 0 })[1].rate).toBeNull()
  })
})
