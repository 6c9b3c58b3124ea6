/*
 * The leases of the owner alerts (docs/decisions.md D52): a low rating with text, and a Google review due for an
 * alert (google_review_alerts.ts), are claimed by an alert or digest mail under `alert_claimed_at` and marked
 * `alerted_at` once the mail went; a claim older than the lease was left by a worker that died and is claimable
 * again, so the next run mails it.
 */
import { SendLease } from '#lib/send_lease'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { googlePendingSql } from '#queries/google_review_alerts'

/**
 * A 1-3 star rating with something to tell nobody was told about: its text, or in WhatsApp (docs/decisions.md D67) a
 * voice note or a call-back asked for with the chat's button.
 */
export const ratingAlertLease = new SendLease('review_sessions', 'alert_claimed_at', (query) =>
  query
    .whereNull('review_sessions.alerted_at')
    .where('review_sessions.rating', '<=', NEGATIVE_RATING_MAX)
    .where((said) =>
      said
        .where((text) => text.whereNotNull('review_sessions.feedback').whereNot('review_sessions.feedback', ''))
        .orWhere((chat) =>
          chat
            .where('review_sessions.source', 'whatsapp')
            .where((asked) =>
              asked
                .whereNotNull('review_sessions.contact_phone')
                .orWhereExists((voice) =>
                  voice.from('whatsapp_voice_notes').whereColumn('whatsapp_voice_notes.review_session_id', 'review_sessions.id')
                )
            )
        )
    )
)

/** A Google review due for an alert (new or changed, 1-3 stars) nobody was told about. */
export const googleAlertLease = new SendLease('google_reviews', 'alert_claimed_at', (query) => query.whereRaw(googlePendingSql()))
