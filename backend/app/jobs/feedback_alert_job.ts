import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import Business from '#models/business'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackAlertMail from '#mails/feedback_alert_mail'
import { clock } from '#lib/clock'
import { FEEDBACK_ALERT_INTERVAL_MINUTES, NEGATIVE_RATING_MAX } from '#lib/constants'
import { FeedbackAlerts } from '#lib/notification_enums'
import { joinRecipients } from '#queries/notification_recipients'

/** The sweep looks back this far for low ratings nobody was told about (e.g. Redis was down at submit time). */
const SWEEP_LOOKBACK_HOURS = 48
/** ...and leaves the newest ones to their own job. */
const SWEEP_GRACE_MINUTES = 2

/** A low rating with text nobody was told about, as SQL on `review_sessions` under the name `table`. */
const pendingSql = (table = 'review_sessions') =>
  `${table}.alerted_at IS NULL AND ${table}.rating <= ${NEGATIVE_RATING_MAX} AND ${table}.feedback IS NOT NULL AND ${table}.feedback <> ''`

/**
 * Mails the people who run a business (its workspace's owners and managers whose scope includes it,
 * notification_recipients.ts) about its 1-3 star ratings with text (docs/decisions.md D30). Each by their own
 * setting: `instant` with a verified address gets one mail with every pending rating, at most one per business per
 * 10 minutes (the job of a rating sends at once when the gate is open, the 10-minute sweep sends what the gate held
 * back). A rating is alerted once: when nobody of them is on `instant` with a verified address, it is left for the
 * digest if someone is on `daily`, else (`off`, unverified) marked and never mailed.
 */
export default class FeedbackAlertJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  /** `alerted`: how many ratings went out by mail. */
  async handle({ businessId }: { businessId?: number }) {
    if (businessId !== undefined) return { alerted: await this.alert(businessId) }
    const now = clock.now()
    const waiting = await ReviewSession.query()
      .whereRaw(pendingSql())
      .where('created_at', '>=', now.minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate())
      .where('created_at', '<=', now.minus({ minutes: SWEEP_GRACE_MINUTES }).toJSDate())
      .distinct('business_id')
    let alerted = 0
    for (const row of waiting) alerted += await this.alert(row.businessId)
    return { alerted }
  }

  private async alert(businessId: number) {
    const business = await Business.find(businessId)
    if (!business) return 0
    const recipients = await this.recipients(businessId)
    const instant = recipients.filter((user) => user.feedbackAlerts === FeedbackAlerts.Instant && user.emailVerifiedAt)
    if (instant.length === 0) {
      if (recipients.some((user) => user.feedbackAlerts === FeedbackAlerts.Daily)) return 0
      // Alerts go only to a confirmed address (docs/decisions.md D29) and only when on; the ratings stay marked, not retried.
      await this.pending(businessId).update({ alerted_at: clock.now().toJSDate() })
      return 0
    }

    // Whole seconds, as DATETIME stores them: the claim's ratings are the business's ones stamped at this instant.
    const claimedAt = clock.now().startOf('second').toJSDate()
    if (!(await this.claim(businessId, claimedAt))) return 0
    let delivered = 0
    try {
      const sessions = await ReviewSession.query().where('business_id', businessId).where('alerted_at', claimedAt).orderBy('created_at')
      const failures: unknown[] = []
      for (const user of instant) {
        try {
          await this.mailer.send(new FeedbackAlertMail(user, business, sessions))
          delivered++
        } catch (error) {
          failures.push(error)
        }
      }
      if (failures.length) throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'Feedback alerts could not be sent')
      return sessions.length
    } catch (error) {
      // Nobody was told: the ratings go back for the retry. Once someone was, they stay alerted (nobody gets them twice).
      if (delivered === 0) {
        await db.transaction(async (trx) => {
          await trx.from('review_sessions').where('business_id', businessId).where('alerted_at', claimedAt).update({ alerted_at: null })
          await trx.from('businesses').where('id', businessId).update({ feedback_alerted_at: null })
        })
      }
      throw error
    }
  }

  /** Who is told about the business, each with their own settings. */
  private recipients(businessId: number) {
    return User.query()
      .whereIn('id', joinRecipients(db.from('businesses as b')).where('b.id', businessId).select('m.user_id'))
      .orderBy('id')
  }

  /**
   * One UPDATE takes the business's gate (open when its last alert is 10 minutes old) and every pending rating of
   * the last 48 hours together: a second worker waits on the business row, then finds the gate shut and the
   * ratings taken, so no rating is mailed twice and no business twice in 10 minutes.
   */
  private async claim(businessId: number, claimedAt: Date) {
    const gateOpensBefore = clock.now().minus({ minutes: FEEDBACK_ALERT_INTERVAL_MINUTES }).toJSDate()
    const since = clock.now().minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate()
    const [result] = await db.rawQuery(
      `UPDATE businesses b JOIN review_sessions s ON s.business_id = b.id
          SET b.feedback_alerted_at = ?, s.alerted_at = ?
        WHERE b.id = ? AND (b.feedback_alerted_at IS NULL OR b.feedback_alerted_at <= ?)
          AND s.created_at >= ? AND ${pendingSql('s')}`,
      [claimedAt, claimedAt, businessId, gateOpensBefore, since]
    )
    return Number(result.affectedRows) > 0
  }

  private pending(businessId: number) {
    return db.from('review_sessions').where('business_id', businessId).whereRaw(pendingSql())
  }
}
