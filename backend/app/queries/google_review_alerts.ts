/*
 * Google reviews an owner is told about (docs/decisions.md D47, D71): a new or changed review of a location whose
 * reviews were already read in full is marked due (alert_due_at) by the review sync; the feedback alert job and the
 * digest claim it (alert_leases.ts) with the private ratings, by each person's googleReviewAlerts setting, and tell
 * each person of the 1-3 star ones, or of all for those who chose `all` (googleReviewAlertStars).
 */
import type GoogleReview from '#models/google_review'
import type User from '#models/user'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { appUrl } from '#lib/app_url'

/** A Google review due for an alert and not alerted yet, as SQL on `google_reviews` under the name `table`. */
export const googlePendingSql = (table = 'google_reviews') =>
  `${table}.alert_due_at IS NOT NULL AND ${table}.alerted_at IS NULL AND ${table}.deleted_at IS NULL`

/** Whether a member hears of this Google review: 1-3 stars, or any with `all` chosen. */
export const wantsGoogleReview = (user: Pick<User, 'googleReviewAlertStars'>, review: Pick<GoogleReview, 'stars'>) =>
  user.googleReviewAlertStars === 'all' || review.stars <= NEGATIVE_RATING_MAX

/** One Google review as the alert and digest mails show it. */
export interface GoogleReviewAlertItem {
  businessName: string
  stars: number
  reviewer: string
  /** The reviewer's words as written (any script); empty for a rating without text. */
  comment: string
  /** Where the owner answers it: the Feedback area's Google reviews, the business and the review. */
  replyUrl: string
}

export const googleReviewLink = (review: Pick<GoogleReview, 'id' | 'businessId'>) =>
  appUrl(`/feedbacks?source=google&businessId=${review.businessId}&review=${review.id}`)

export function googleReviewAlertItem(review: GoogleReview, businessName: string): GoogleReviewAlertItem {
  return {
    businessName,
    stars: review.stars,
    reviewer: review.reviewerAnonymous || !review.reviewerName ? 'A Google user' : review.reviewerName,
    comment: review.comment ?? '',
    replyUrl: googleReviewLink(review),
  }
}
