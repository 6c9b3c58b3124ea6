/*
 * The 'Review Projections' card's arithmetic (docs/product-rules.md): how many reviews a business gains a week and where its
 * Google rating would stand after a while, if a share of its customers rate it at the assumed average.
 */
import type { BusinessDto } from '@reviewroute/backend/types/api'
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

/** Where the listing stands after `weeks` weeks at the rounded weekly rate. */
export function projectAfter(
  current: Listing,
  weeks: number,
  inputs: ProjectionInputs = PROJECTION_DEFAULTS
): Projection {
  const newReviews = weeklyReviews(inputs) * weeks
  return {
    weeks,
    newReviews,
    totalReviews: Math.max(0, current.reviewCount) + newReviews,
    rating: projectedRating(current, newReviews, inputs.newReviewRating),
  }
}
