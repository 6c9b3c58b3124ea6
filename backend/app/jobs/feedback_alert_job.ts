import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import Business from '#models/business'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackAlertMail from '#mails/feedback_alert_mail'
import { clock } from '#lib/clock'
import { NEGATIVE_RATING_MAX } from '#lib/constants'

/** The sweep looks back this far for low ratings nobody was told about (e.g. Redis was down at submit time). */
const SWEEP_LOOKBACK_HOURS = 48
/** ...and leaves the newest ones to their own job. */
const SWEEP_GRACE_MINUTES = 2

/** Mails the owner when a 1-3 star review with text arrives; at most once per review. */
export default class FeedbackAlertJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  async handle({ sessionId }: { sessionId?: number }) {
    if (sessionId !== undefined) return { alerted: await this.alert(sessionId) ? 1 : 0 }
    const now = clock.now()
    const missed = await this.pending()
      .where('created_at', '>=', now.minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate())
      .where('created_at', '<=', now.minus({ minutes: SWEEP_GRACE_MINUTES }).toJSDate())
      .select('id')
    let alerted = 0
    for (const { id } of missed) if (await this.alert(id)) alerted++
    return { alerted }
  }

  private pending() {
    return ReviewSession.query()
      .whereNull('alerted_at')
      .where('rating', '<=', NEGATIVE_RATING_MAX)
      .whereNotNull('feedback')
      .whereNot('feedback', '')
  }

  private async alert(sessionId: number) {
    const claimed = await db
      .from('review_sessions')
      .where('id', sessionId)
      .whereNull('alerted_at')
      .where('rating', '<=', NEGATIVE_RATING_MAX)
      .whereNotNull('feedback')
      .whereNot('feedback', '')
      .update({ alerted_at: clock.now().toJSDate() })
    if (!Number(claimed)) return false

    try {
      const session = await ReviewSession.findOrFail(sessionId)
      const business = await Business.findOrFail(session.businessId)
      const owner = await User.findOrFail(business.userId)
      // Alerts go only to a confirmed address (DECISIONS §12); the review stays marked, not retried.
      if (!owner.emailVerifiedAt) return false
      await this.mailer.send(new FeedbackAlertMail(owner, business, session))
      return true
    } catch (error) {
      await db.from('review_sessions').where('id', sessionId).update({ alerted_at: null })
      throw error
    }
  }
}
