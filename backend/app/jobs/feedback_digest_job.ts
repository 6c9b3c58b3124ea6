import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackDigestMail from '#mails/feedback_digest_mail'
import { clock } from '#lib/clock'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { FeedbackAlerts } from '#lib/notification_enums'
import { joinRecipients } from '#queries/notification_recipients'
import { googlePendingSql, googleReviewAlertItem } from '#queries/google_review_alerts'

const PENDING_SQL = `review_sessions.alerted_at IS NULL AND review_sessions.rating <= ${NEGATIVE_RATING_MAX} AND review_sessions.feedback IS NOT NULL AND review_sessions.feedback <> ''`

/** The businesses someone on `daily` is told about. */
const dailyBusinesses = (setting: 'feedback_alerts' | 'google_review_alerts' = 'feedback_alerts') =>
  joinRecipients(db.from('businesses as b')).where(`u.${setting}`, FeedbackAlerts.Daily).select('b.id')

/**
 * 09:00 IST: one mail per person on `daily` (docs/decisions.md D30) with every low rating with text, since the last
 * digest, of the businesses they are told about (their workspaces' owners and managers in scope,
 * notification_recipients.ts). The ratings of every business someone on `daily` is told about are claimed in one
 * UPDATE (a second run finds none); each such person with a verified address gets the ones of their businesses.
 * A business's ratings go back for the retry when nobody got them (every mail that would have carried them failed);
 * with nobody verified they stay marked.
 *
 * The new or changed 1-3 star Google reviews (docs/decisions.md D47) ride in the same mail, by each person's
 * `googleReviewAlerts`: claimed the same way, and someone on `daily` for both gets one mail with both.
 */
export default class FeedbackDigestJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  /** `digests`: how many mails went out. Throws, after trying everyone, when a mail failed (the job retries). */
  async handle() {
    const claimedAt = clock.now().startOf('second').toJSDate()
    const claimed = await db
      .from('review_sessions')
      .whereRaw(PENDING_SQL)
      .whereIn('business_id', dailyBusinesses())
      .update({ alerted_at: claimedAt })
    const claimedGoogle = await db
      .from('google_reviews')
      .whereRaw(googlePendingSql())
      .whereIn('business_id', dailyBusinesses('google_review_alerts'))
      .update({ alerted_at: claimedAt })
    if (!Number(claimed) && !Number(claimedGoogle)) return { digests: 0 }

    const sessions = Number(claimed)
      ? await ReviewSession.query()
          .whereIn('business_id', dailyBusinesses())
          .where('alerted_at', claimedAt)
          .preload('business')
          .orderBy('created_at')
      : []
    const reviews = Number(claimedGoogle)
      ? await GoogleReview.query()
          .whereIn('business_id', dailyBusinesses('google_review_alerts'))
          .where('alerted_at', claimedAt)
          .orderBy('update_time')
          .orderBy('id')
      : []
    const reviewed = await Business.query().whereIn('id', [...new Set(reviews.map((review) => review.businessId))])
    const names = new Map(reviewed.map((business) => [business.id, business.name]))
    const pairsOf = async (setting: 'feedback_alerts' | 'google_review_alerts', businessIds: number[]) =>
      (await joinRecipients(db.from('businesses as b'))
        .whereIn('b.id', businessIds)
        .where(`u.${setting}`, FeedbackAlerts.Daily)
        .whereNotNull('u.email_verified_at')
        .select('u.id as user_id', 'b.id as business_id')) as { user_id: number; business_id: number }[]
    const pairs = await pairsOf('feedback_alerts', [...new Set(sessions.map((session) => session.businessId))])
    const googlePairs = await pairsOf('google_review_alerts', [...new Set(reviews.map((review) => review.businessId))])
    const users = await User.query()
      .whereIn('id', [...new Set([...pairs, ...googlePairs].map((pair) => pair.user_id))])
      .orderBy('id')

    let digests = 0
    const delivered = new Set<string>()
    const failed = new Set<string>()
    const failures: unknown[] = []
    for (const user of users) {
      const theirs = new Set(pairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))
      const theirGoogle = new Set(googlePairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))
      // What the mail carries: 'f<business>' for its ratings, 'g<business>' for its Google reviews.
      const carried = [...[...theirs].map((id) => `f${id}`), ...[...theirGoogle].map((id) => `g${id}`)]
      try {
        await this.mailer.send(
          new FeedbackDigestMail(
            user,
            sessions.filter((session) => theirs.has(session.businessId)),
            reviews
              .filter((review) => theirGoogle.has(review.businessId))
              .map((review) => googleReviewAlertItem(review, names.get(review.businessId) ?? ''))
          )
        )
        digests++
        for (const key of carried) delivered.add(key)
      } catch (error) {
        failures.push(error)
        for (const key of carried) failed.add(key)
      }
    }
    if (failures.length === 0) return { digests }
    const release = [...failed].filter((key) => !delivered.has(key))
    const ids = (prefix: string) => release.filter((key) => key.startsWith(prefix)).map((key) => Number(key.slice(1)))
    if (ids('f').length) {
      await db.from('review_sessions').whereIn('business_id', ids('f')).where('alerted_at', claimedAt).update({ alerted_at: null })
    }
    if (ids('g').length) {
      await db.from('google_reviews').whereIn('business_id', ids('g')).where('alerted_at', claimedAt).update({ alerted_at: null })
    }
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, `${failures.length} feedback digests could not be sent`)
  }
}
