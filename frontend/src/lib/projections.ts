/*
 * The 'Review Projections' card's arithmetic (docs/product-rules.md): how many reviews a business gains a week and where its
 * Google rating would stand after a while, if a share of its customers rate it at the assumed average. That
 * average is the business's own: the mean of its recent 4-5 star ratings, the ones sent on to Google, once it
 * has enough of them; until then the spec's 4.5 (docs/decisions.md D37).
 */
import { PROJECTION_OWN_RATINGS_MIN } from '@reviewroute/backend/contract/product_rules'
import type { BusinessDto, RecentGoogleRatings } from '@reviewroute/backend/types/api'
import { PROJECTION_DEFAULTS } from '#config/constants'

/** What the projections read of a business's Google listing. */
type Listing = Pick<BusinessDto, 'rating' | 'reviewCount'>

export interface ProjectionInputs {
  dailyCustomers: number
  daysPerWeek: number
  /** Share of customers who leave a review, 0-1. */
  responseRate: number
  /** Average star rating of the new reviews. */
  newReviewRating: number
}

export interface Projection {
  weeks: number
  newReviews: number
  totalReviews: number
  rating: number | null
}

/**
 * The horizons the card shows, in whole weeks so that they are multiples of the weekly figure it prints:
 * 4 weeks ≈ 1 month, 13 weeks ≈ 3 months (a quarter of 52), 26 weeks ≈ 6 months.
 */
export const PROJECTION_HORIZONS = [
  { weeks: 4, label: 'In 1 month' },
  { weeks: 13, label: 'In 3 months' },
  { weeks: 26, label: 'In 6 months' },
] as const

/** One decimal, rounding halves up (EPSILON keeps 4.25 from becoming 4.2 through binary fractions). */
export const roundRating = (value: number) => Math.round((value + Number.EPSILON) * 10) / 10

/** Reviews a week, rounded (docs/product-rules.md): customers a day × days open × response rate. */
export function weeklyReviews({ dailyCustomers, daysPerWeek, responseRate }: ProjectionInputs = PROJECTION_DEFAULTS) {
  return Math.round(Math.max(0, dailyCustomers) * Math.max(0, daysPerWeek) * Math.max(0, responseRate))
}

/**
 * Weighted average of the current Google rating (weighted by its review count) and the new reviews, rounded to
 * one decimal (docs/product-rules.md). A listing without a rating counts as having no reviews. Null when there is nothing
 * to average.
 */
export function projectedRating(current: Listing, newReviews: number, newReviewRating: number) {
  const currentCount = current.rating === null ? 0 : Math.max(0, current.reviewCount)
  const total = currentCount + newReviews
  if (total === 0) return current.rating === null ? null : roundRating(current.rating)
  return roundRating(((current.rating ?? 0) * currentCount + newReviewRating * newReviews) / total)
}

/** The average star rating the new Google reviews are projected at, and where it comes from. */
export interface NewReviewBasis {
  rating: number
  /** `own`: the business's recent 4-5 star ratings; `default`: the spec's average, too few of them yet. */
  source: 'own' | 'default'
  /** How many 4-5 star ratings the business had in the window; null while they are not known. */
  count: number | null
}

/**
 * The business's own mean of its recent 4-5 star ratings (GET /api/overview) when it has at least
 * PROJECTION_OWN_RATINGS_MIN of them, else the default. What lands on Google through the link are exactly those
 * ratings, so their mean is the best guess at the new reviews' average.
 */
export function newReviewBasis(
  recent: RecentGoogleRatings | null | undefined,
  fallback = PROJECTION_DEFAULTS.newReviewRating
): NewReviewBasis {
  if (!recent) return { rating: fallback, source: 'default', count: null }
  const { recentGoogleRatings: count, recentGoogleAverage: average } = recent
  if (count >= PROJECTION_OWN_RATINGS_MIN && average !== null) return { rating: average, source: 'own', count }
  return { rating: fallback, source: 'default', count }
}

/** Where the listing stands after `weeks` weeks at the rounded weekly rate. */
export function projectAfter(current: Listing, weeks: number, inputs: ProjectionInputs = PROJECTION_DEFAULTS): Projection {
  const newReviews = weeklyReviews(inputs) * weeks
  return {
    weeks,
    newReviews,
    totalReviews: Math.max(0, current.reviewCount) + newReviews,
    rating: projectedRating(current, newReviews, inputs.newReviewRating),
  }
}

/** The projections of every horizon the card shows (PROJECTION_HORIZONS), in order. */
export function projectHorizons(current: Listing, inputs: ProjectionInputs = PROJECTION_DEFAULTS) {
  return PROJECTION_HORIZONS.map(({ weeks }) => projectAfter(current, weeks, inputs))
}

/**
 * Whether any projection shows a lower rating than today's, both as shown (one decimal): then the card says
 * why (docs/decisions.md D37).
 */
export function ratingFalls(current: Listing, projections: Pick<Projection, 'rating'>[]) {
  if (current.rating === null) return false
  const shown = roundRating(current.rating)
  return projections.some((projection) => projection.rating !== null && projection.rating < shown)
}
