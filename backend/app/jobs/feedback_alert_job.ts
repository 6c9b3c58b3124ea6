import db from '@adonisjs/lucid/services/db'
import ReviewSession from '#models/review_session'
import Business from '#models/business'
import User from '#models/user'
import GoogleReview from '#models/google_review'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import FeedbackAlertMail from '#mails/feedback_alert_mail'
import logger from '@adonisjs/core/services/logger'
import PushToMembers from '#actions/push/push_to_members'
import SendMemberAlerts, { type AlertSubject } from '#actions/alerts/send_member_alerts'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { clock } from '#lib/clock'
import { FEEDBACK_ALERT_INTERVAL_MINUTES } from '#lib/constants'
import { FeedbackAlerts, type AlertChannel } from '#lib/notification_enums'
import { joinRecipients } from '#queries/notification_recipients'
import { googleReviewAlertItem, wantsGoogleReview } from '#queries/google_review_alerts'
import { googleAlertLease, ratingAlertLease } from '#queries/alert_leases'

/** A member's phone gets at most this many alerts of one window; the mail and the inbox have them all. */
const ALERTS_PER_MEMBER = 5

/** The sweep looks back this far for low ratings nobody was told about (e.g. Redis was down at submit time). */
const SWEEP_LOOKBACK_HOURS = 48
/** ...and leaves the newest ones to their own job. */
const SWEEP_GRACE_MINUTES = 2

/**
 * Mails the people who run a business (its workspace's owners and managers whose scope includes it,
 * notification_recipients.ts) about its 1-3 star ratings with text (docs/decisions.md D30). Each by their own
 * setting: `instant` with a verified address gets one mail with every pending rating, at most one per business per
 * 10 minutes (the job of a rating sends at once when the gate is open, the 10-minute sweep sends what the gate held
 * back). A rating is alerted once: when nobody of them is on `instant` with a verified address, it is left for the
 * digest if someone is on `daily`, else (`off`, unverified) marked and never mailed.
 *
 * The business's new or changed 1-3 star Google reviews (due by the review sync, docs/decisions.md D47) go the same
 * way by each person's `googleReviewAlerts`: claimed under the same gate, in the same mail, so a window brings one
 * mail per person whatever arrived in it.
 *
 * The claim is a lease (alert_leases.ts, docs/decisions.md D52): the ratings and reviews are marked alerted once a
 * mail went; those of a worker that died mid-send are claimable again after the lease, and the 10-minute sweep
 * mails them when the business's gate opens.
 */
export default class FeedbackAlertJob {
  constructor(
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private alerts: SendMemberAlerts = new SendMemberAlerts(new PushToMembers(), new WhatsAppCloud(), mailer)
  ) {}

  /** `alerted`: how many ratings went out by mail. */
  async handle({ businessId }: { businessId?: number }) {
    if (businessId !== undefined) return { alerted: await this.alert(businessId) }
    const now = clock.now()
    const waiting: { business_id: number }[] = await ratingAlertLease
      .claimable()
      .where('created_at', '>=', now.minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate())
      .where('created_at', '<=', now.minus({ minutes: SWEEP_GRACE_MINUTES }).toJSDate())
      .distinct('business_id')
    const google: { business_id: number }[] = await googleAlertLease
      .claimable()
      .where('alert_due_at', '>=', now.minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate())
      .where('alert_due_at', '<=', now.minus({ minutes: SWEEP_GRACE_MINUTES }).toJSDate())
      .distinct('business_id')
    const businesses = [...new Set([...waiting, ...google].map((row) => row.business_id))]
    let alerted = 0
    for (const id of businesses) alerted += await this.alert(id)
    return { alerted }
  }

  private async alert(businessId: number) {
    const business = await Business.find(businessId)
    if (!business) return 0
    const recipients = await this.recipients(businessId)
    const instant = (user: User, kind: 'feedback' | 'googleReviews') =>
      (kind === 'feedback' ? user.feedbackAlerts : user.googleReviewAlerts) === FeedbackAlerts.Instant
    const by = (user: User, kind: 'feedback' | 'googleReviews', channel: AlertChannel) =>
      instant(user, kind) && user.alertChannels()[kind].includes(channel)
    // Mail only to a confirmed address (docs/decisions.md D29); push to the devices a member turned it on for (D68).
    const withDevices = await this.alerts.pushes.withDevices(recipients.map(({ id }) => id))
    const feedbackTo = recipients.filter((user) => by(user, 'feedback', 'email') && user.emailVerifiedAt)
    const googleTo = recipients.filter((user) => by(user, 'googleReviews', 'email') && user.emailVerifiedAt)
    // On the phone (D70): push to a member's devices, WhatsApp to their proved number.
    const onPhone = (user: User, kind: 'feedback' | 'googleReviews') =>
      (by(user, kind, 'push') && withDevices.has(user.id)) || (by(user, kind, 'whatsapp') && SendMemberAlerts.reachesOnWhatsApp(user))
    const feedbackPhone = recipients.filter((user) => onPhone(user, 'feedback'))
    const googlePhone = recipients.filter((user) => onPhone(user, 'googleReviews'))
    const toldOfFeedback = feedbackTo.length + feedbackPhone.length > 0
    const toldOfGoogle = googleTo.length + googlePhone.length > 0
    // With nobody told at once nor on `daily`, the ratings and reviews stay marked, not retried.
    if (!toldOfFeedback && !recipients.some((user) => user.feedbackAlerts === FeedbackAlerts.Daily)) {
      await ratingAlertLease.claimable().where('business_id', businessId).update({ alerted_at: clock.now().toJSDate() })
    }
    if (!toldOfGoogle && !recipients.some((user) => user.googleReviewAlerts === FeedbackAlerts.Daily)) {
      await googleAlertLease.claimable().where('business_id', businessId).update({ alerted_at: clock.now().toJSDate() })
    }
    if (!toldOfFeedback && !toldOfGoogle) return 0

    // Whole seconds, as DATETIME stores them: the claim's ratings are the business's ones stamped at this instant.
    const claimedAt = clock.now().startOf('second').toJSDate()
    if (!(await this.claim(businessId, claimedAt, { feedback: toldOfFeedback, google: toldOfGoogle }))) {
      // The mail's gate is shut (a mail went in the last 10 minutes): the phones hear of each new rating now.
      await this.phoneAhead(business, feedbackPhone)
      return 0
    }
    let delivered = 0
    try {
      const sessions = toldOfFeedback
        ? await ReviewSession.query().where('business_id', businessId).where('alert_claimed_at', claimedAt).orderBy('created_at')
        : []
      const reviews = toldOfGoogle
        ? await GoogleReview.query()
            .where('business_id', businessId)
            .where('alert_claimed_at', claimedAt)
            .orderBy('update_time')
            .orderBy('id')
        : []
      const failures: unknown[] = []
      const mailed = new Set<number>()
      for (const user of recipients) {
        const theirSessions = feedbackTo.includes(user) ? sessions : []
        const theirReviews = googleTo.includes(user)
          ? reviews.filter((review) => wantsGoogleReview(user, review)).map((review) => googleReviewAlertItem(review, business.name))
          : []
        if (theirSessions.length === 0 && theirReviews.length === 0) continue
        try {
          await this.mailer.send(new FeedbackAlertMail(user, business, theirSessions, theirReviews))
          mailed.add(user.id)
          delivered++
        } catch (error) {
          failures.push(error)
        }
      }
      // Each rating and review an alert of its own to each member (what they did with it is kept), and on their phone
      // after the mails: a failed push or WhatsApp message is logged and never holds the mails back or repeats them.
      if (sessions.length) await ReviewSession.attachSources(sessions)
      for (const user of recipients) {
        const subjects: AlertSubject[] = [
          ...(feedbackTo.includes(user) || feedbackPhone.includes(user)
            ? sessions.map((session) => ({ kind: 'feedback' as const, business, session }))
            : []),
          ...(googleTo.includes(user) || googlePhone.includes(user)
            ? reviews
                .filter((review) => wantsGoogleReview(user, review))
                .map((review) => ({ kind: 'googleReviews' as const, business, review }))
            : []),
        ]
        let reached = false
        for (const subject of subjects.slice(0, ALERTS_PER_MEMBER)) {
          const emailed = mailed.has(user.id) && (subject.kind === 'feedback' ? feedbackTo : googleTo).includes(user)
          try {
            const { alert, fresh } = await this.alerts.record(user, subject, emailed)
            if (fresh && (subject.kind === 'feedback' ? feedbackPhone : googlePhone).includes(user)) {
              reached = (await this.alerts.toPhone(alert, user)) || reached
            } else if (!fresh) {
              reached = true
            }
          } catch (error) {
            logger.warn({ err: error, userId: user.id, businessId }, 'an alert could not be sent to a phone')
          }
        }
        if (reached) delivered++
      }
      if (failures.length) throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'Feedback alerts could not be sent')
      await this.settle(businessId, claimedAt, true)
      // A 4-5 star review that nobody chose to hear of (googleReviewAlertStars) is settled, not counted.
      const heard = reviews.filter((review) =>
        recipients.some((user) => (googleTo.includes(user) || googlePhone.includes(user)) && wantsGoogleReview(user, review))
      )
      return sessions.length + heard.length
    } catch (error) {
      // Nobody was told: the ratings and reviews go back for the retry. Once someone was, they stay alerted (nobody
      // gets them twice).
      await this.settle(businessId, claimedAt, delivered > 0)
      throw error
    }
  }

  /**
   * A business's pending ratings on the phones of the members who chose it, ahead of the mail that waits for its gate:
   * one alert per member and rating (the unique key makes a second worker's a no-op), which the mail joins later.
   */
  private async phoneAhead(business: Business, members: User[]) {
    if (members.length === 0) return
    const since = clock.now().minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate()
    const pending = await ratingAlertLease.claimable().where('business_id', business.id).where('created_at', '>=', since).select('id')
    if (pending.length === 0) return
    const sessions = await ReviewSession.query()
      .whereIn(
        'id',
        pending.map((row: { id: number }) => row.id)
      )
      .orderBy('created_at')
      .limit(ALERTS_PER_MEMBER)
    await ReviewSession.attachSources(sessions)
    for (const user of members) {
      for (const session of sessions) {
        try {
          const { alert, fresh } = await this.alerts.record(user, { kind: 'feedback', business, session }, false)
          if (fresh) await this.alerts.toPhone(alert, user)
        } catch (error) {
          logger.warn({ err: error, userId: user.id, businessId: business.id }, 'an alert could not be sent to a phone')
        }
      }
    }
  }

  /** The claim's ratings and reviews alerted (someone was told), or due again with the business's gate open. */
  private async settle(businessId: number, claimedAt: Date, told: boolean) {
    await db.transaction(async (trx) => {
      const ofBusiness = (table: string) => trx.from(table).where('business_id', businessId)
      if (told) {
        await ratingAlertLease.doneAll(claimedAt, { alerted_at: claimedAt }, ofBusiness('review_sessions'))
        await googleAlertLease.doneAll(claimedAt, { alerted_at: claimedAt }, ofBusiness('google_reviews'))
        return
      }
      await ratingAlertLease.releaseAll(claimedAt, ofBusiness('review_sessions'))
      await googleAlertLease.releaseAll(claimedAt, ofBusiness('google_reviews'))
      await trx.from('businesses').where('id', businessId).update({ feedback_alerted_at: null })
    })
  }

  /** Who is told about the business, each with their own settings. */
  private recipients(businessId: number) {
    return User.query()
      .whereIn('id', joinRecipients(db.from('businesses as b')).where('b.id', businessId).select('m.user_id'))
      .orderBy('id')
  }

  /**
   * One transaction takes the business's gate (open when its last alert is 10 minutes old) and every pending rating
   * and Google review of the last 48 hours (those someone is to be told about now): a second worker waits on the
   * business row, then finds the gate shut and the rows taken, so nothing is mailed twice and no business twice in
   * 10 minutes. With nothing to take, the gate stays open.
   */
  private async claim(businessId: number, claimedAt: Date, what: { feedback: boolean; google: boolean }) {
    const gateOpensBefore = clock.now().minus({ minutes: FEEDBACK_ALERT_INTERVAL_MINUTES }).toJSDate()
    const since = clock.now().minus({ hours: SWEEP_LOOKBACK_HOURS }).toJSDate()
    const trx = await db.transaction()
    try {
      const gate = await trx
        .from('businesses')
        .where('id', businessId)
        .where((query) => query.whereNull('feedback_alerted_at').orWhere('feedback_alerted_at', '<=', gateOpensBefore))
        .update({ feedback_alerted_at: claimedAt })
      let claimed = 0
      if (Number(gate) > 0 && what.feedback) {
        const recent = trx.from('review_sessions').where('business_id', businessId).where('created_at', '>=', since)
        claimed += await ratingAlertLease.claimAll(recent, claimedAt)
      }
      if (Number(gate) > 0 && what.google) {
        const recent = trx.from('google_reviews').where('business_id', businessId).where('alert_due_at', '>=', since)
        claimed += await googleAlertLease.claimAll(recent, claimedAt)
      }
      if (claimed === 0) {
        await trx.rollback()
        return false
      }
      await trx.commit()
      return true
    } catch (error) {
      if (!trx.isCompleted) await trx.rollback()
      throw error
    }
  }
}
