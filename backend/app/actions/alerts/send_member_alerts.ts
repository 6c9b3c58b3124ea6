/*
 * An owner's alert on their phone (docs/decisions.md D70). Every alert to a member is a row (member_alerts) with
 * one delivery per channel, so Profile can say what happened to it:
 * - push goes first, being free; when the member also has WhatsApp alerts, the WhatsApp message waits
 *   PUSH_FALLBACK_MINUTES for the push to be opened, and goes only if it was not. A 1-star rating (or a member
 *   without a device) gets WhatsApp at once;
 * - the member's quiet hours hold a 2-3 star alert and a summary until they end; a 1-star alert is never held;
 * - a WhatsApp message Meta refuses (at once, or later by a `failed` status) falls back to email;
 * - WhatsApp goes from ReviewRoute's own number as a template (the only kind Meta allows outside a 24-hour window),
 *   its buttons carrying payloads signed for this alert, member and action (alert_payloads.ts).
 */
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import env from '#start/env'
import Business from '#models/business'
import GoogleReview from '#models/google_review'
import ReviewSession from '#models/review_session'
import User from '#models/user'
import MemberAlert, { type AlertTemplateMessage } from '#models/member_alert'
import MemberAlertDelivery, { type DeliveryStatus } from '#models/member_alert_delivery'
import FeedbackAlertMail from '#mails/feedback_alert_mail'
import PushToMembers from '#actions/push/push_to_members'
import { WhatsAppCloud, WhatsAppUnavailableError, WhatsAppCloudError } from '#services/messaging/whatsapp_cloud'
import { FEEDBACK_ALERT_TEMPLATE, GOOGLE_REVIEW_ALERT_TEMPLATE, SUMMARY_TEMPLATE } from '#services/messaging/whatsapp_alert_templates'
import { meanRating } from '#lib/session_counts'
import { platformSender } from '#lib/whatsapp_platform'
import { alertPayload, openedToken } from '#lib/alert_payloads'
import { isInQuietHours, type AlertChannel, type AlertKind } from '#lib/notification_enums'
import { googleReviewAlertItem } from '#queries/google_review_alerts'
import { QueueService } from '#queue/queue_service'
import { QueueName, memberAlertJobId } from '#queue/queues'
import { clock } from '#lib/clock'
import { isDuplicateKey } from '#lib/db_errors'
import { nowIst } from '#lib/time'
import { alertText, type AlertTextKey } from '#contract/alert_texts'
import type { ReviewLanguage } from '#contract/review_messages/index'

/** One thing an alert is about. */
export type AlertSubject =
  | { kind: 'feedback'; business: Business; session: ReviewSession }
  | { kind: 'googleReviews'; business: Business; review: GoogleReview }
  | { kind: 'summaries'; business: Business; title: string; body: string; message: AlertTemplateMessage }

/** Meta refuses template parameters with line breaks, tabs or more than four spaces in a row. */
export const templateText = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return [...flat].length > max ? `${[...flat].slice(0, max - 1).join('')}…` : flat
}

/** A member's phone gets the summaries of this many businesses; the mail has them all. */
export const SUMMARIES_ON_PHONE = 3

export default class SendMemberAlerts {
  constructor(
    readonly pushes: PushToMembers = new PushToMembers(),
    private cloud: WhatsAppCloud = new WhatsAppCloud(),
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private queues?: QueueService
  ) {}

  /** Whether WhatsApp alerts can reach this member: the platform number is set and their number proved. */
  static reachesOnWhatsApp(user: User) {
    return platformSender() !== null && user.whatsappAlertPhone !== null && user.whatsappAlertVerifiedAt !== null
  }

  /**
   * The alert's row, before anything is sent (`emailed`: it went in the mail the caller just sent). A rating has one
   * alert per member: when its phone alert went ahead of the mail (`phoneAhead`), the mail joins that one, and
   * `fresh` is false (nothing more goes to the phone).
   */
  async record(user: User, subject: AlertSubject, emailed: boolean): Promise<{ alert: MemberAlert; fresh: boolean }> {
    let alert: MemberAlert
    let fresh = true
    try {
      alert = await MemberAlert.create({
        userId: user.id,
        businessId: subject.business.id,
        kind: subject.kind,
        ...describe(subject, user.alertLanguage),
      })
    } catch (error) {
      if (subject.kind !== 'feedback' || !isDuplicateKey(error)) throw error
      alert = await MemberAlert.query().where('review_session_id', subject.session.id).where('user_id', user.id).firstOrFail()
      fresh = false
    }
    if (emailed) await this.deliveryOf(alert, 'email', 'sent')
    return { alert, fresh }
  }

  /**
   * Sends the alert to the member's phone by the channels they chose for its kind: push now and WhatsApp now or as
   * push's fallback; both later when their quiet hours hold it. Answers whether the phone got it or will.
   */
  async toPhone(alert: MemberAlert, user: User): Promise<boolean> {
    const channels = user.alertChannels()[alert.kind]
    const whatsapp = channels.includes('whatsapp') && alert.whatsappMessage !== null && SendMemberAlerts.reachesOnWhatsApp(user)
    const devices = channels.includes('push') ? await this.pushes.withDevices([user.id]) : null
    const push = devices?.has(user.id) ?? false
    if (!whatsapp && !push) return false
    const heldUntil = alert.stars === 1 ? null : quietUntil(user)
    if (heldUntil) {
      alert.heldUntil = heldUntil
      await alert.save()
      await this.later(alert, heldUntil)
      return true
    }
    const pushed = push ? await this.push(alert) : false
    if (!whatsapp) return pushed
    if (pushed && alert.stars !== 1) {
      const due = clock.now().plus({ minutes: env.get('PUSH_FALLBACK_MINUTES') })
      alert.whatsappDueAt = due
      await alert.save()
      await this.later(alert, due)
      return true
    }
    return this.whatsapp(alert, user)
  }

  private async push(alert: MemberAlert) {
    const pushed = await this.pushes.handle(alert.userId, {
      title: alert.title,
      body: alert.body ?? '',
      url: alert.url ?? '/dashboard',
      tag: `alert-${alert.id}`,
      opened: openedToken(alert.id, alert.userId),
    })
    await this.deliveryOf(alert, 'push', pushed ? 'sent' : 'failed', pushed ? null : 'No device took the notification')
    return pushed
  }

  /** The WhatsApp message, from ReviewRoute's number; refused or failed, the alert goes by email instead. */
  async whatsapp(alert: MemberAlert, user: User): Promise<boolean> {
    const sender = platformSender()
    const message = alert.whatsappMessage
    if (!sender || !message || !user.whatsappAlertPhone || !user.whatsappAlertVerifiedAt) return false
    try {
      const wamid = await this.cloud.sendTemplate({
        ...sender,
        to: user.whatsappAlertPhone.replace(/^\+/, ''),
        template: message.template,
        languageCode: message.language ?? 'en',
        parameters: message.parameters,
        quickReplyPayloads: message.actions.map((action) => alertPayload(alert.id, user.id, action)),
        urlButtonParameter: message.path.replace(/^\//, ''),
      })
      await this.deliveryOf(alert, 'whatsapp', 'sent', null, wamid)
      return true
    } catch (error) {
      if (!(error instanceof WhatsAppCloudError)) throw error
      const reason = error instanceof WhatsAppUnavailableError ? 'WhatsApp could not be reached' : error.message
      await this.deliveryOf(alert, 'whatsapp', 'failed', reason)
      return this.emailInstead(alert, user)
    }
  }

  /** A WhatsApp alert that failed, by mail, unless it went by mail already or the address is not confirmed. */
  async emailInstead(alert: MemberAlert, user: User): Promise<boolean> {
    if (!user.emailVerifiedAt || alert.kind === 'summaries') return false
    const already = await MemberAlertDelivery.query().where('member_alert_id', alert.id).where('channel', 'email').first()
    if (already) return already.status !== 'failed'
    const mailed = await mailOf(alert, user)
    if (!mailed) return false
    try {
      await this.mailer.send(mailed)
      await this.deliveryOf(alert, 'email', 'sent')
      return true
    } catch (error) {
      logger.warn({ err: error, alertId: alert.id }, 'the mail instead of a failed WhatsApp alert could not be sent')
      await this.deliveryOf(alert, 'email', 'failed', 'The mail could not be sent')
      return false
    }
  }

  /**
   * A business's daily or weekly summary on the member's phone, by the channels they chose for summaries, held by
   * their quiet hours. A failure is logged: the mail is the summary of record.
   */
  async summary(
    user: User,
    business: Business,
    period: 'daily' | 'weekly',
    counts: { ratings: number; ratingSum: number; toRead: number }
  ) {
    const average = meanRating(counts.ratingSum, counts.ratings)?.toFixed(1) ?? '-'
    const name = templateText(business.name, 60)
    const language = user.alertLanguage
    const say = (key: AlertTextKey, params: Record<string, string | number> = {}) => alertText(language, key, params)
    try {
      const { alert } = await this.record(
        user,
        {
          kind: 'summaries',
          business,
          title: templateText(say(period === 'daily' ? 'dailyTitle' : 'weeklyTitle', { business: business.name }), 255),
          body: say('summaryBody', { ratings: counts.ratings, average, toRead: counts.toRead }),
          message: {
            template: SUMMARY_TEMPLATE,
            language,
            parameters: [say(period), name, String(counts.ratings), average, String(counts.toRead)],
            actions: [],
            path: '/dashboard',
          },
        },
        false
      )
      await this.toPhone(alert, user)
    } catch (error) {
      logger.warn({ err: error, userId: user.id, businessId: business.id }, 'a summary could not be sent to a phone')
    }
  }

  /** Due work of a held or waiting alert, by the member alert job. */
  private async later(alert: MemberAlert, at: DateTime) {
    // The process's own queues (the container's, shut down with the app), unless the caller gave its own.
    const queues = this.queues ?? (this.queues = await app.container.make(QueueService))
    // Redis down: the job's 5-minute sweep finds the alert by its due time.
    await queues.enqueue(
      QueueName.MemberAlert,
      { alertId: alert.id },
      { jobId: memberAlertJobId(alert.id, at.toMillis()), delay: Math.max(0, at.toMillis() - clock.nowMs()) }
    )
  }

  /**
   * The channel's delivery, written or replaced in one statement: a select-then-insert of two workers locks the same
   * gap of the unique index and deadlocks.
   */
  async deliveryOf(alert: MemberAlert, channel: AlertChannel, status: DeliveryStatus, failure: string | null = null, wamid?: string) {
    const now = clock.now().toJSDate()
    await db.rawQuery(
      `INSERT INTO member_alert_deliveries (member_alert_id, channel, status, provider_message_id, failure, sent_at, at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE status = VALUES(status), provider_message_id = VALUES(provider_message_id),
         failure = VALUES(failure), sent_at = VALUES(sent_at), at = VALUES(at)`,
      [alert.id, channel, status, wamid ?? null, failure?.slice(0, 255) ?? null, now, now]
    )
  }
}

/** The end of the member's quiet hours when they are in them now (India time); null otherwise. */
export function quietUntil(user: User): DateTime | null {
  const hours = user.alertQuietHours
  const now = nowIst()
  if (!hours || !isInQuietHours(hours, now.hour)) return null
  const end = now.set({ hour: hours.until, minute: 0, second: 0, millisecond: 0 })
  return (end <= now ? end.plus({ days: 1 }) : end).toUTC()
}

/** What the alert says on each channel, in the member's alert language. */
function describe(
  subject: AlertSubject,
  language: ReviewLanguage
): Pick<MemberAlert, 'title' | 'body' | 'url' | 'stars' | 'reviewSessionId' | 'googleReviewId' | 'whatsappMessage'> {
  const { business } = subject
  const say = (key: AlertTextKey, params: Record<string, string | number> = {}) => alertText(language, key, params)
  if (subject.kind === 'summaries') {
    return {
      title: subject.title,
      body: subject.body,
      url: '/dashboard',
      stars: null,
      reviewSessionId: null,
      googleReviewId: null,
      whatsappMessage: subject.message,
    }
  }
  if (subject.kind === 'feedback') {
    const { session } = subject
    const who = session.contactName?.trim() || session.customer?.name?.trim() || say('aCustomer')
    const words = session.feedback?.trim() || say(session.contactPhone ? 'askedToBeCalledBack' : 'noComment')
    const path = `/feedbacks?businessId=${business.id}&feedback=${session.id}`
    return {
      title: templateText(say('feedbackTitle', { stars: session.rating, business: business.name }), 255),
      body: templateText(words, 140),
      url: path,
      stars: session.rating,
      reviewSessionId: Number(session.id),
      googleReviewId: null,
      whatsappMessage: {
        template: FEEDBACK_ALERT_TEMPLATE,
        language,
        parameters: [String(session.rating), templateText(business.name, 60), templateText(who, 60), templateText(words, 300)],
        // The template has both buttons; "Call back" without a number answers that there is none.
        actions: ['call', 'resolve'],
        path,
      },
    }
  }
  const { review } = subject
  const item = googleReviewAlertItem(review, business.name)
  const reviewer = review.reviewerAnonymous || !review.reviewerName ? say('aGoogleUser') : item.reviewer
  const path = `/feedbacks?source=google&businessId=${review.businessId}&review=${review.id}`
  return {
    title: templateText(say('googleReviewTitle', { stars: review.stars, business: business.name }), 255),
    body: templateText(item.comment || say('noText'), 140),
    url: path,
    stars: review.stars,
    reviewSessionId: null,
    googleReviewId: review.id,
    whatsappMessage: {
      template: GOOGLE_REVIEW_ALERT_TEMPLATE,
      language,
      parameters: [
        String(review.stars),
        templateText(business.name, 60),
        templateText(reviewer, 60),
        templateText(item.comment || say('noText'), 300),
      ],
      actions: ['draft'],
      path,
    },
  }
}

/** The alert mail of the one rating or review an alert is about; null when it is gone. */
async function mailOf(alert: MemberAlert, user: User) {
  const business = alert.businessId ? await Business.find(alert.businessId) : null
  if (!business) return null
  if (alert.reviewSessionId) {
    const session = await ReviewSession.find(alert.reviewSessionId)
    return session ? new FeedbackAlertMail(user, business, [session], []) : null
  }
  if (alert.googleReviewId) {
    const review = await GoogleReview.find(alert.googleReviewId)
    return review ? new FeedbackAlertMail(user, business, [], [googleReviewAlertItem(review, business.name)]) : null
  }
  return null
}

export type { AlertKind }
