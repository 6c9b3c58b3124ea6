import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import Business from '#models/business'
import Customer from '#models/customer'
import OptOut from '#models/opt_out'
import ReviewRequest, { RequestChannel, RequestStatus } from '#models/review_request'
import ReviewRequestMail from '#mails/review_request_mail'
import { clock } from '#lib/clock'
import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { isQuietHour } from '#lib/quiet_hours'
import { personalLink, stopLink } from '#lib/app_url'
import WhatsAppAccount from '#models/whatsapp_account'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { permanentFailure } from '#services/messaging/failure'

export const WHATSAPP_NOT_CONNECTED = 'WhatsApp Business is not connected (or has no approved template) for this account.'
export const SMS_NOT_SET_UP = 'SMS is not set up (MSG91 and the DLT template).'
export const NO_EMAIL_ADDRESS = 'This customer has no email address.'
export const NO_MOBILE_NUMBER = 'This customer has no mobile number.'

/** One reminder, this long after the request when its link was not opened (docs/decisions.md D32). */
export const REMINDER_AFTER_DAYS = 3

/**
 * Sends review requests for the owner (docs/decisions.md D32): email, WhatsApp Business template messages and
 * SMS through MSG91's DLT-registered template.
 * The database decides, so it is idempotent and recovers after Redis was down: each send first claims the request
 * with one conditional UPDATE (`sent_at`, or `reminded_at` for the reminder), releases it if the send fails (the
 * job retries), and the sweep every 10 minutes sends what no job did: requests still `created` (held back by quiet
 * hours or lost with Redis) and reminders due after 3 days. Nothing goes 21:00-09:00 IST. The owner's own WhatsApp
 * (`whatsapp_link`) is never sent from here: the owner sends it, and cannot be reminded for.
 */
export default class ReviewRequestSendJob {
  constructor(
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private whatsapp: WhatsAppCloud = new WhatsAppCloud(),
    private sms: Msg91Sms = new Msg91Sms()
  ) {}

  async handle({ requestId, reminder = false }: { requestId?: number; reminder?: boolean }) {
    if (isQuietHour()) return { sent: 0, quiet: true }
    if (requestId !== undefined) return { sent: (await this.send(requestId, reminder)) ? 1 : 0 }
    return this.sweep()
  }

  private async sweep() {
    const pending = await db
      .from('review_requests')
      .whereNot('channel', RequestChannel.WhatsappLink)
      .where('status', RequestStatus.Created)
      .whereNull('sent_at')
      .orderBy('id')
      .limit(500)
      .select('id')
    const reminders = await db
      .from('review_requests as r')
      .join('customers as c', 'c.id', 'r.customer_id')
      .whereNot('r.channel', RequestChannel.WhatsappLink)
      .whereIn('r.status', [RequestStatus.Sent, RequestStatus.Delivered])
      .whereNull('r.opened_at')
      .whereNull('r.reminded_at')
      .whereNull('c.opted_out_at')
      .where('r.sent_at', '<=', clock.now().minus({ days: REMINDER_AFTER_DAYS }).toJSDate())
      .orderBy('r.id')
      .limit(500)
      .select('r.id')
    let sent = 0
    let reminded = 0
    const failures: unknown[] = []
    for (const { id } of pending)
      await this.send(id, false).then(
        (done) => done && sent++,
        (error) => failures.push(error)
      )
    for (const { id } of reminders)
      await this.send(id, true).then(
        (done) => done && reminded++,
        (error) => failures.push(error)
      )
    if (failures.length) throw new AggregateError(failures, `${failures.length} review requests could not be sent`)
    return { sent, reminded }
  }

  /**
   * The business's approved template in its language (else English) through the owner's WhatsApp Business number,
   * with the customer's name, the business's name and the personal link; the message id is kept for the webhook.
   */
  private async sendWhatsApp(request: ReviewRequest, customer: Customer, business: Business) {
    const account = await WhatsAppAccount.findBy('workspace_id', business.workspaceId)
    const sendingAs = account?.sendingAs(business.language)
    if (!sendingAs) {
      await this.fail(request.id, WHATSAPP_NOT_CONNECTED)
      return false
    }
    const messageId = await this.whatsapp.sendTemplate({
      ...sendingAs,
      to: customer.phone!.replace(/^\+/, ''),
      parameters: [customer.name, business.name, personalLink(request.token)],
    })
    await this.mark(request.id, { provider_message_id: messageId })
    return true
  }

  /** At most REQUEST_SEND_PER_MINUTE sends a minute per workspace, so one list never floods a provider. */
  private async withinSendRate(workspaceId: number) {
    try {
      await limiter.use({ requests: env.get('REQUEST_SEND_PER_MINUTE'), duration: '1 minute' }).consume(`request_send_${workspaceId}`)
      return true
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return false
      logger.warn({ err: error }, 'send-rate limiter unavailable; sending')
      return true
    }
  }

  /** The DLT-registered template by SMS with the customer's name, the business's name and the personal link. */
  private async sendSms(request: ReviewRequest, customer: Customer, business: Business) {
    if (!this.sms.isConfigured) {
      await this.fail(request.id, SMS_NOT_SET_UP)
      return false
    }
    const requestId = await this.sms.sendTemplate(customer.phone!.slice(3), [customer.name, business.name, personalLink(request.token)])
    await this.mark(request.id, { provider_message_id: `msg91:${requestId}` })
    return true
  }

  /** Claims and sends one request (or its reminder); false when another run has it or there is nothing to send. */
  private async send(requestId: number, reminder: boolean) {
    const now = clock.now().toJSDate()
    const claim = db.from('review_requests').where('id', requestId).whereNot('channel', RequestChannel.WhatsappLink)
    const claimed = reminder
      ? await claim
          .whereNull('reminded_at')
          .whereNull('opened_at')
          .whereIn('status', [RequestStatus.Sent, RequestStatus.Delivered])
          .update({ reminded_at: now, updated_at: now })
      : await claim
          .whereNull('sent_at')
          .where('status', RequestStatus.Created)
          .update({ sent_at: now, status: RequestStatus.Sent, updated_at: now })
    if (!Number(claimed)) return false

    const request = await ReviewRequest.findOrFail(requestId)
    const [customer, business] = await Promise.all([Customer.findOrFail(request.customerId), Business.findOrFail(request.businessId)])
    if (!(await this.withinSendRate(business.workspaceId))) {
      // Over the account's rate: put it back for the next sweep (10 minutes), as if it had not been claimed.
      await this.release(requestId, reminder)
      return false
    }
    // The list as well as the row: an opt-out recorded after the request was made still stops it.
    if (customer.optedOutAt || (await OptOut.covers(business.id, customer))) {
      await this.mark(requestId, { status: RequestStatus.OptedOut })
      return false
    }
    // The customer may have been edited since the request was made: a channel needs its contact still.
    if (request.channel !== RequestChannel.Email && !customer.phone) {
      await this.fail(requestId, NO_MOBILE_NUMBER)
      return false
    }
    try {
      if (request.channel === RequestChannel.Whatsapp) return await this.sendWhatsApp(request, customer, business)
      if (request.channel === RequestChannel.Sms) return await this.sendSms(request, customer, business)
      if (request.channel !== RequestChannel.Email || !customer.email) {
        // A customer without an address cannot get email.
        await this.fail(requestId, NO_EMAIL_ADDRESS)
        return false
      }
      const links = { link: personalLink(request.token), stop: stopLink(request.token) }
      await this.mailer.send(new ReviewRequestMail(business, customer, links, reminder ? 'reminder' : 'request'))
      return true
    } catch (error) {
      const reason = permanentFailure(error)
      if (reason !== null && !reminder) {
        // The provider refused this message: sending it again cannot help. The owner sees why on the request.
        await this.fail(requestId, reason)
        logger.info({ requestId, reason }, 'a review request was refused by its provider')
        return false
      }
      if (reason !== null) return false // a refused reminder: the request itself was sent; no second try
      await this.release(requestId, reminder)
      logger.warn({ err: error, requestId, reminder }, 'a review request could not be sent; it is retried')
      throw error
    }
  }

  private fail(requestId: number, reason: string) {
    return this.mark(requestId, { status: RequestStatus.Failed, failure_reason: reason.slice(0, 255) })
  }

  private mark(requestId: number, changes: Record<string, unknown>) {
    return db
      .from('review_requests')
      .where('id', requestId)
      .update({ ...changes, updated_at: clock.now().toJSDate() })
  }

  /** Undoes the claim: the request (or its reminder) is due again, for the job's retry or the next sweep. */
  private release(requestId: number, reminder: boolean) {
    return this.mark(requestId, reminder ? { reminded_at: null } : { sent_at: null, status: RequestStatus.Created })
  }
}
