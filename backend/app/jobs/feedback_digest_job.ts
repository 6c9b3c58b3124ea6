import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackDigestMail from '#mails/feedback_digest_mail'
import { clock } from '#lib/clock'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { FeedbackAlerts } from '#lib/notification_enums'
import { joinRecipients } from '#queries/notification_recipients'

const PENDING_SQL = `review_sessions.alerted_at IS NULL AND review_sessions.rating <= ${NEGATIVE_RATING_MAX} AND review_sessions.feedback IS NOT NULL AND review_sessions.feedback <> ''`

/** The businesses someone on `daily` is told about. */
const dailyBusinesses = () => joinRecipients(db.from('businesses as b')).where('u.feedback_alerts', FeedbackAlerts.Daily).select('b.id')

/**
 * 09:00 IST: one mail per person on `daily` (docs/decisions.md D30) with every low rating with text, since the last
 * digest, of the businesses they are told about (their workspaces' owners and managers in scope,
 * notification_recipients.ts). The ratings of every business someone on `daily` is told about are claimed in one
 * UPDATE (a second run finds none); each such person with a verified address gets the ones of their businesses.
 * A business's ratings go back for the retry when nobody got them (every mail that would have carried them failed);
 * with nobody verified they stay marked.
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
    if (!Number(claimed)) return { digests: 0 }

    const sessions = await ReviewSession.query()
      .whereIn('business_id', dailyBusinesses())
      .where('alerted_at', claimedAt)
      .preload('business')
      .orderBy('created_at')
    const businessIds = [...new Set(sessions.map((session) => session.businessId))]
    const pairs: { user_id: number; business_id: number }[] = await joinRecipients(db.from('businesses as b'))
      .whereIn('b.id', businessIds)
      .where('u.feedback_alerts', FeedbackAlerts.Daily)
      .whereNotNull('u.email_verified_at')
      .select('u.id as user_id', 'b.id as business_id')
    const users = await User.query()
      .whereIn('id', [...new Set(pairs.map((pair) => pair.user_id))])
      .orderBy('id')

    let digests = 0
    const delivered = new Set<number>()
    const failed = new Set<number>()
    const failures: unknown[] = []
    for (const user of users) {
      const theirs = new Set(pairs.filter((pair) => pair.user_id === user.id).map((pair) => pair.business_id))
      try {
        await this.mailer.send(
          new FeedbackDigestMail(
            user,
            sessions.filter((session) => theirs.has(session.businessId))
          )
        )
        digests++
        for (const id of theirs) delivered.add(id)
      } catch (error) {
        failures.push(error)
        for (const id of theirs) failed.add(id)
      }
    }
    if (failures.length === 0) return { digests }
    const release = [...failed].filter((id) => !delivered.has(id))
    if (release.length) {
      await db.from('review_sessions').whereIn('business_id', release).where('alerted_at', claimedAt).update({ alerted_at: null })
    }
    throw failures.length === 1 ? failures[0] : new AggregateError(failures, `${failures.length} feedback digests could not be sent`)
  }
}
