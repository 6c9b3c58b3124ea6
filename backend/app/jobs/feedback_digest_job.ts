import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackDigestMail from '#mails/feedback_digest_mail'
import { clock } from '#lib/clock'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { FeedbackAlerts } from '#lib/notification_enums'

const PENDING_SQL = `s.alerted_at IS NULL AND s.rating <= ${NEGATIVE_RATING_MAX} AND s.feedback IS NOT NULL AND s.feedback <> ''`

/**
 * 09:00 IST: one mail per owner on `daily` (docs/decisions.md D30) with every low rating with text of their businesses
 * since the last digest. The ratings are claimed in one UPDATE (a second run finds none), released if the mail
 * fails; an unverified address gets nothing and the ratings stay marked.
 */
export default class FeedbackDigestJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  async handle() {
    const owners = await db
      .from('review_sessions as s')
      .join('businesses as b', 'b.id', 's.business_id')
      .join('users as u', 'u.id', 'b.user_id')
      .where('u.feedback_alerts', FeedbackAlerts.Daily)
      .whereRaw(PENDING_SQL)
      .distinct('u.id as id')
    let digests = 0
    for (const { id } of owners) if (await this.digest(id)) digests++
    return { digests }
  }

  private async digest(ownerId: number) {
    const claimedAt = clock.now().startOf('second').toJSDate()
    const [result] = await db.rawQuery(
      `UPDATE review_sessions s JOIN businesses b ON b.id = s.business_id JOIN users u ON u.id = b.user_id
          SET s.alerted_at = ?
        WHERE u.id = ? AND u.feedback_alerts = ? AND ${PENDING_SQL}`,
      [claimedAt, ownerId, FeedbackAlerts.Daily]
    )
    if (!Number(result.affectedRows)) return false
    const owner = await User.findOrFail(ownerId)
    if (!owner.emailVerifiedAt) return false
    const claimed = () =>
      ReviewSession.query()
        .whereIn('business_id', db.from('businesses').where('user_id', ownerId).select('id'))
        .where('alerted_at', claimedAt)
    try {
      const sessions = await claimed().preload('business').orderBy('created_at')
      await this.mailer.send(new FeedbackDigestMail(owner, sessions))
      return true
    } catch (error) {
      await claimed().update({ alerted_at: null })
      throw error
    }
  }
}
