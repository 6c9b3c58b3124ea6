/*
 * What the overview's four cards say, as text, from the API's answers: one source for the React screen
 * (components/dashboard/stat-cards.tsx) and the first paint drawn before the app has loaded (first-paint/), so the
 * two always read the same.
 */
import { NEGATIVE_RATING_MAX, RATING_MIN } from '@reviewroute/backend/contract/product_rules'
import { privateRatingsLine } from '@reviewroute/backend/contract/vocabulary'
import type { BusinessDto, OverviewResponse } from '@reviewroute/backend/types/api'
import { formatCount } from '@reviewroute/web-shared/format'
import { googleRatingIsHigher } from './ratings'

/**
 * Beside the two ratings when Google's is the higher one: not a fault to warn about (customers who rate 1-3 tell the
 * owner here rather than on Google, so the average here is usually the lower one) but a pointer to what to do.
 */
export const GOOGLE_HIGHER_NOTE = `Your Google rating is higher: customers who rate you ${RATING_MIN}-${NEGATIVE_RATING_MAX} often tell you here first. Their comments show what to fix.`

export interface StatCounts {
  totalSessions: number
  averageRating: number | null
  /** Ratings of 3 or below (the inbox lists each of them). */
  privateRatings: number
  /** Of those, the ones with a comment (the spec's 'filtered feedback'). */
  filteredFeedback: number
}

/** A business's counts in GET /api/overview's answer, as the cards count them (docs/decisions.md D38). */
export const statCountsOf = (entry: OverviewResponse['businesses'][number] | undefined): StatCounts => ({
  totalSessions: entry?.totalSessions ?? 0,
  averageRating: entry?.averageRating ?? null,
  privateRatings: entry?.negativeSessions ?? 0,
  filteredFeedback: entry?.filteredFeedback ?? 0,
})

export interface StatCardTexts {
  name: string
  address: string
  total: string
  average: string
  google: string
  /** GOOGLE_HIGHER_NOTE when the Google rating is the higher one, else null. */
  note: string | null
  privateRatings: string
  privateLine: string
}

const rating = (value: number | null) => (value === null ? '—' : value.toFixed(1))

export function statCardTexts(business: Pick<BusinessDto, 'name' | 'address' | 'rating'>, counts: StatCounts): StatCardTexts {
  return {
    name: business.name,
    address: business.address,
    total: formatCount(counts.totalSessions),
    average: rating(counts.averageRating),
    google: rating(business.rating),
    note: googleRatingIsHigher(counts.averageRating, business.rating) ? GOOGLE_HIGHER_NOTE : null,
    privateRatings: formatCount(counts.privateRatings),
    privateLine: privateRatingsLine(counts.filteredFeedback),
  }
}
