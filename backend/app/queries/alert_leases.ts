/*
 * The leases of the owner alerts (docs/decisions.md D52): a low rating with text, and a Google review due for an
 * alert (google_review_alerts.ts), are claimed by an alert or digest mail under `alert_claimed_at` and marked
 * `alerted_at` once the mail went; a claim older than the lease was left by a worker that died and is claimable
 * again, so the next run mails it.
 */
import { SendLease } from '#lib/send_lease'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { googlePendingSql } from '#queries/google_review_alerts'

/** A 1-3 star rating with text nobody was told about. */
export const ratingAlertLease = new SendLease('review_sessions', 'alert_claimed_at', (query) =>
  query
    .whereNull('review_sessions.alerted_at')
    .where('review_sessions.rating', '<=', NEGATIVE_RATING_MAX)
    .whereNotNull('review_sessions.feedback')
    .whereNot('review_sessions.feedback', '')
)

/** A Google review due for an alert (new or changed, 1-3 stars) nobody was told about. */
export const googleAlertLease = new SendLease('google_reviews', 'alert_claimed_at', (query) => query.whereRaw(googlePendingSql()))
