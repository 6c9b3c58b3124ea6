import { describe, expect, it } from 'vitest'
import { PROJECTION_DEFAULTS } from '#config/constants'
import { projectAfter, projectedRating, roundRating, weeklyReviews } from '#lib/projections'
import { googleRatingIsHigher } from '#lib/ratings'

describe('review projections (docs/product-rules.md)', () => {
  it('by default 50 customers a day, 7 days a week, 10 % of them leaving 4.5 stars: 35 reviews a week', () => {
    expect(weeklyReviews()).toBe(35)
    expect(projectAfter({ rating: null, reviewCount: 0 }, 4)).toEqual({ weeks: 4, newReviews: 140, totalReviews: 140, rating: 4.5 })
  })

  it('rounds the weekly reviews to a whole number', () => {
    expect(weeklyReviews({ ...PROJECTION_DEFAULTS, dailyCustomers: 3 })).toBe(2) // 2.1
    expect(weeklyReviews({ ...PROJECTION_DEFAULTS, dailyCustomers: 5 })).toBe(4) // 3.5 rounds up
    expect(weeklyReviews({ ...PROJECTION_DEFAULTS, dailyCustomers: 1 })).toBe(1) // 0.7
  })

  it('weights the current rating by its review count against the new reviews', () => {
    // (4.2 × 120 + 4.5 × 140) / 260 = 4.3615…
    expect(projectedRating({ rating: 4.2, reviewCount: 120 }, 140, 4.5)).toBe(4.4)
    // (3.0 × 10 + 4.5 × 10) / 20 = 3.75 → 3.8
    expect(projectedRating({ rating: 3, reviewCount: 10 }, 10, 4.5)).toBe(3.8)
  })

  it('keeps the current rating when nothing new arrives and uses only new reviews without a Google rating', () => {
    expect(projectedRating({ rating: 4.23, reviewCount: 80 }, 0, 4.5)).toBe(4.2)
    expect(projectedRating({ rating: null, reviewCount: 0 }, 35, 4.5)).toBe(4.5)
    expect(projectedRating({ rating: null, reviewCount: 0 }, 0, 4.5)).toBeNull()
  })

  it('moves a large listing slowly: 2,000 reviews at 3.9 stay there for a month', () => {
    // (3.9 × 2000 + 4.5 × 140) / 2140 = 3.939…; after 26 weeks (3.9 × 2000 + 4.5 × 910) / 2910 = 4.087…
    expect(projectAfter({ rating: 3.9, reviewCount: 2000 }, 4).rating).toBe(3.9)
    expect(projectAfter({ rating: 3.9, reviewCount: 2000 }, 26).rating).toBe(4.1)
  })

  it('projects after 4, 13 and 26 weeks (about 1, 3 and 6 months) at the rounded weekly rate', () => {
    const current = { rating: 4.2, reviewCount: 120 }
    expect(projectAfter(current, 4)).toEqual({ weeks: 4, newReviews: 140, totalReviews: 260, rating: 4.4 })
    // (4.2 × 120 + 4.5 × 455) / 575 = 4.437…
    expect(projectAfter(current, 13)).toEqual({ weeks: 13, newReviews: 455, totalReviews: 575, rating: 4.4 })
    // (4.2 × 120 + 4.5 × 910) / 1030 = 4.465…
    expect(projectAfter(current, 26)).toEqual({ weeks: 26, newReviews: 910, totalReviews: 1030, rating: 4.5 })
  })

  it('rounds ratings to one decimal, halves up', () => {
    expect(roundRating(4.25)).toBe(4.3)
    expect(roundRating(4.35)).toBe(4.4)
    expect(roundRating(4.349)).toBe(4.3)
  })
})

describe('rating comparison (docs/screens.md)', () => {
  it('notes a higher Google rating only when it is higher as displayed', () => {
    expect(googleRatingIsHigher(3.9, 4.2)).toBe(true)
    expect(googleRatingIsHigher(4.2, 4.2)).toBe(false)
    expect(googleRatingIsHigher(4.24, 4.2)).toBe(false)
    expect(googleRatingIsHigher(4.6, 4.2)).toBe(false)
    expect(googleRatingIsHigher(null, 4.2)).toBe(false)
    expect(googleRatingIsHigher(3.9, null)).toBe(false)
  })
})
