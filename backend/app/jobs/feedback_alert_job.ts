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

/** The sweep looks back this far for low ratings nobody was told about (e.g. Redis was down at submit time). */
const SWEEP_LOOKBACK_HOURS = 48
/** ...and leaves the newest ones to their own job. */
const SWEEP_GRACE_MINUTES = 2

/** A low rating with text nobody was told about, as SQL on `review_sessions` under the name `table`. */
const pendingSql = (table = 'review_sessions') =>
  `${table}.alerted_at IS NULL AND ${table}.rating <= ${NEGATIVE_RATING_MAX} AND ${table}.feedback IS NOT NULL AND ${table}.feedback <> ''`

/**
 * Mails the owner about a business's 1-3 star ratings with text (docs/decisions.md D30). `instant`: one mail with every
 * pending rating, at most one per business per 10 minutes (the job of a rating sends at once when the gate is
 * open, the 10-minute sweep sends what the gate held back); `off`, or an unverified address: the ratings are
 * marked and never mailed; `daily`: left for the digest.
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
    const owner = business && (await User.find(business.userId))
    if (!business || !owner || owner.feedbackAlerts === FeedbackAlerts.Daily) return 0
    // Alerts go only to a confirmed address (docs/decisions.md D29) and only when on; the ratings stay marked, not retried.
    if (!owner.emailVerifiedAt || owner.feedbackAlerts === FeedbackAlerts.Off) {
      await this.pending(businessId).update({ alerted_at: clock.now().toJSDate() })
      return 0
    }

    // Whole seconds, as DATETIME stores them: the claim's ratings are the business's ones stamped at this instant.
    const claimedAt = clock.now().startOf('second').toJSDate()
    if (!(await this.claim(businessId, claimedAt))) return 0
    try {
      const sessions = await ReviewSession.query().where('business_id', businessId).where('alerted_at', claimedAt).orderBy('created_at')
      await this.mailer.send(new FeedbackAlertMail(owner, business, sessions))
      return sessions.length
    } catch (error) {
      await db.transaction(async (trx) => {
        await trx.from('review_sessions').where('business_id', businessId).where('alerted_at', claimedAt).update({ alerted_at: null })
        await trx.from('businesses').where('id', businessId).update({ feedback_alerted_at: null })
      })
      throw error
    }
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
