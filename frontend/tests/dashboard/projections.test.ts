import { describe, expect, it } from 'vitest'
import { PROJECTION_DEFAULTS } from '#config/constants'
import { newReviewBasis, projectAfter, projectedRating, projectHorizons, ratingFalls, roundRating, weeklyReviews } from '#lib/projections'
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

describe("the new reviews' average from the business's own ratings (docs/decisions.md D37)", () => {
  const recent = (count: number, average: number | null) => ({ recentGoogleRatings: count, recentGoogleAverage: average })
  const ratings = (projections: { rating: number | null }[]) => projections.map((projection) => projection.rating)

  it('a 4.9★ café with too few recent ratings assumes 4.5★: the projection falls, and says so', () => {
    const cafe = { rating: 4.9, reviewCount: 120 }
    const basis = newReviewBasis(recent(4, 4.75))
    expect(basis).toEqual({ rating: 4.5, source: 'default', count: 4 })
    const projections = projectHorizons(cafe, { ...PROJECTION_DEFAULTS, newReviewRating: basis.rating })
    // (4.9 × 120 + 4.5 × 140) / 260 = 4.715…; × 455: 4.583…; × 910: 4.547…
    expect(ratings(projections)).toEqual([4.7, 4.6, 4.5])
    expect(projections.map((projection) => projection.newReviews)).toEqual([140, 455, 910])
    expect(ratingFalls(cafe, projections)).toBe(true)
  })

  it('a 4.9★ café with 38 recent ratings averaging 4.74 projects from them: 4.8★, still below, still said', () => {
    const cafe = { rating: 4.9, reviewCount: 120 }
    const basis = newReviewBasis(recent(38, 4.74))
    expect(basis).toEqual({ rating: 4.74, source: 'own', count: 38 })
    const projections = projectHorizons(cafe, { ...PROJECTION_DEFAULTS, newReviewRating: basis.rating })
    // (4.9 × 120 + 4.74 × 140) / 260 = 4.813…; × 455: 4.773…; × 910: 4.758…
    expect(ratings(projections)).toEqual([4.8, 4.8, 4.8])
    expect(ratingFalls(cafe, projections)).toBe(true)
  })

  it('a new business with few ratings keeps the 4.5★ default until it has 10', () => {
    expect(newReviewBasis(recent(3, 5))).toEqual({ rating: 4.5, source: 'default', count: 3 })
    expect(newReviewBasis(recent(9, 4.9))).toEqual({ rating: 4.5, source: 'default', count: 9 })
    expect(newReviewBasis(recent(10, 4.9))).toEqual({ rating: 4.9, source: 'own', count: 10 })
  })

  it('50 recent ratings averaging 4.8 lift a 4.2★ listing, and nothing falls', () => {
    const listing = { rating: 4.2, reviewCount: 120 }
    const basis = newReviewBasis(recent(50, 4.8))
    expect(basis).toEqual({ rating: 4.8, source: 'own', count: 50 })
    const projections = projectHorizons(listing, { ...PROJECTION_DEFAULTS, newReviewRating: basis.rating })
    // (4.2 × 120 + 4.8 × 140) / 260 = 4.523…; × 455: 4.674…; × 910: 4.730…
    expect(ratings(projections)).toEqual([4.5, 4.7, 4.7])
    expect(ratingFalls(listing, projections)).toBe(false)
  })

  it('without a Google rating or reviews the projection is the average itself, and nothing falls', () => {
    expect(newReviewBasis(undefined)).toEqual({ rating: 4.5, source: 'default', count: null })
    expect(newReviewBasis(recent(0, null))).toEqual({ rating: 4.5, source: 'default', count: 0 })
    const none = { rating: null, reviewCount: 0 }
    const projections = projectHorizons(none, { ...PROJECTION_DEFAULTS, newReviewRating: 4.8 })
    expect(ratings(projections)).toEqual([4.8, 4.8, 4.8])
    expect(ratingFalls(none, projections)).toBe(false)
  })

  it('compares as shown: a projection equal to the current rating at one decimal is not a fall', () => {
    expect(ratingFalls({ rating: 4.54, reviewCount: 200 }, [projectAfter({ rating: 4.54, reviewCount: 200 }, 4)])).toBe(false)
    expect(ratingFalls({ rating: 4.5, reviewCount: 200 }, projectHorizons({ rating: 4.5, reviewCount: 200 }))).toBe(false)
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
