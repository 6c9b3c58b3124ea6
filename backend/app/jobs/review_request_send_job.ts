import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import Business from '#models/business'
import Customer from '#models/customer'
import OptOut from '#models/opt_out'
import ReviewRequest, { RequestChannel, RequestStatus } from '#models/review_request'
import ReviewRequestMail, { requestMessageId } from '#mails/review_request_mail'
import { clock } from '#lib/clock'
import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { isQuietHour } from '#lib/quiet_hours'
import { personalLink, stopLink } from '#lib/app_url'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import { quickReplyPayloads } from '#services/messaging/whatsapp_review_template'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { permanentFailure } from '#services/messaging/failure'
import { SendLease, retryWhenLeaseEnds } from '#lib/send_lease'
import type { Job } from 'bullmq'
import type { ReviewLanguage } from '#contract/review_messages/index'
import { customerLanguageOf } from '#queries/message_languages'

export const WHATSAPP_NOT_CONNECTED = 'WhatsApp Business is not connected (or has no approved template) for this account.'
export const SMS_NOT_SET_UP = 'SMS is not set up (MSG91 and the DLT template).'
export const NO_EMAIL_ADDRESS = 'This customer has no email address.'
export const NO_MOBILE_NUMBER = 'This customer has no mobile number.'

/** One reminder, this long after the request when its link was not opened (docs/decisions.md D32). */
export const REMINDER_AFTER_DAYS = 3

/** The request itself: due while `created`, and while `sending` under a lease (docs/decisions.md D52). */
const requestLease = new SendLease('review_requests', 'send_claimed_at', (query) =>
  query
    .whereNot('review_requests.channel', RequestChannel.WhatsappLink)
    .whereIn('review_requests.status', [RequestStatus.Created, RequestStatus.Sending])
    // An integration's request waits for its time (docs/decisions.md D72).
    .where((due) => due.whereNull('review_requests.send_after').orWhere('review_requests.send_after', '<=', clock.now().toJSDate()))
)

/** Its one reminder: due while sent, not opened and not reminded. */
const reminderLease = new SendLease('review_requests', 'reminder_claimed_at', (query) =>
  query
    .whereNot('review_requests.channel', RequestChannel.WhatsappLink)
    .whereNull('review_requests.reminded_at')
    .whereNull('review_requests.opened_at')
    .whereIn('review_requests.status', [RequestStatus.Sent, RequestStatus.Delivered])
)

/** The outcome of one send: what to write on the request. */
type Outcome = { sent: boolean; changes: Record<string, unknown> }

/**
 * Sends review requests for the owner (docs/decisions.md D32): email, WhatsApp Business template messages and
 * SMS through MSG91's DLT-registered template.
 * The database decides, so it is idempotent and recovers after Redis was down or a worker died (D52): each send
 * first claims the request with one conditional UPDATE under a lease (status `sending` and `send_claimed_at`, or
 * `reminder_claimed_at` for the reminder), writes the outcome (`sent` with the provider's message id, `failed`,
 * `opted_out`) or, when the send fails, makes it due again (the job retries). A claim older than the lease
 * (SEND_LEASE_SECONDS) was left by a worker that died: the sweep every 10 minutes sends it again, with what no job
 * did (requests still `created`: held back by quiet hours or lost with Redis, and reminders due after 3 days), and
 * a job that finds its request under a live lease waits for the lease to end instead of finishing. Nothing goes
 * 21:00-09:00 IST. The owner's own WhatsApp (`whatsapp_link`) is never sent from here: the owner sends it, and
 * cannot be reminded for.
 */
export default class ReviewRequestSendJob {
  constructor(
    private mailer: MailerContract<MailTransportContract> = mail.use(),
    private whatsapp: WhatsAppCloud = new WhatsAppCloud(),
    private sms: Msg91Sms = new Msg91Sms()
  ) {}

  /** `job`: the BullMQ job running it, which waits out a live lease on its request (none: a direct call). */
  async handle({ requestId, reminder = false }: { requestId?: number; reminder?: boolean }, job?: Job) {
    if (isQuietHour()) return { sent: 0, quiet: true }
    if (requestId === undefined) return this.sweep()
    if (await this.send(requestId, reminder)) return { sent: 1 }
    const heldUntil = await (reminder ? reminderLease : requestLease).heldUntil(requestId)
    if (heldUntil === null) return { sent: 0 }
    await retryWhenLeaseEnds(job, heldUntil)
    return { sent: 0, heldUntil: new Date(heldUntil).toISOString() }
  }

  private async sweep() {
    const pending = await requestLease.claimable().orderBy('id').limit(500).select('id')
    const reminders = await reminderLease
      .claimable()
      .join('customers as c', 'c.id', 'review_requests.customer_id')
      .whereNull('c.opted_out_at')
      .where('review_requests.sent_at', '<=', clock.now().minus({ days: REMINDER_AFTER_DAYS }).toJSDate())
      .orderBy('review_requests.id')
      .limit(500)
      .select('review_requests.id')
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
   * The approved template in the customer's language (else English; docs/decisions.md D65) through the owner's
   * WhatsApp Business number, with the customer's name, the business's name and the personal link; the message id
   * is kept for the webhook.
   */
  private async sendWhatsApp(request: ReviewRequest, customer: Customer, business: Business, language: ReviewLanguage): Promise<Outcome> {
    const account = await whatsappAccountOf(business.workspaceId)
    const sendingAs = account?.sendingAs(language)
    if (!sendingAs) return failed(WHATSAPP_NOT_CONNECTED)
    const { withRatingButtons, fellBackToEnglish, ...template } = sendingAs
    const messageId = await this.whatsapp.sendTemplate({
      ...template,
      to: customer.phone!.replace(/^\+/, ''),
      parameters: [customer.name, business.name, personalLink(request.token)],
      callbackData: `review-request-${request.id}`,
      // ReviewRoute's own template: the customer rates with its quick-replies, inside the chat (D67).
      quickReplyPayloads: withRatingButtons ? quickReplyPayloads(request.token) : undefined,
    })
    if (fellBackToEnglish)
      logger.info({ requestId: request.id, language }, 'no approved WhatsApp template in the language: sent in English')
    return { sent: true, changes: { provider_message_id: messageId } }
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
  private async sendSms(request: ReviewRequest, customer: Customer, business: Business): Promise<Outcome> {
    if (!this.sms.isConfigured) return failed(SMS_NOT_SET_UP)
    const requestId = await this.sms.sendTemplate(customer.phone!.slice(3), [customer.name, business.name, personalLink(request.token)])
    return { sent: true, changes: { provider_message_id: `msg91:${requestId}` } }
  }

  /** The mail in `language`, with a Message-ID of the request's own; the request keeps it (the reminder's is not kept). */
  private async sendEmail(
    request: ReviewRequest,
    customer: Customer,
    business: Business,
    language: ReviewLanguage,
    reminder: boolean
  ): Promise<Outcome> {
    // A customer without an address cannot get email.
    if (!customer.email) return failed(NO_EMAIL_ADDRESS)
    const links = { link: personalLink(request.token), stop: stopLink(request.token) }
    const messageId = requestMessageId(request.id, reminder)
    await this.mailer.send(new ReviewRequestMail(business, customer, links, language, reminder ? 'reminder' : 'request', messageId))
    return { sent: true, changes: reminder ? {} : { provider_message_id: messageId } }
  }

  /** What one send of a claimed request came to (throws when it may succeed later). */
  private async attempt(request: ReviewRequest, reminder: boolean): Promise<Outcome | 'later'> {
    const [customer, business] = await Promise.all([Customer.findOrFail(request.customerId), Business.findOrFail(request.businessId)])
    // Over the account's rate: put it back for the next sweep (10 minutes), as if it had not been claimed.
    if (!(await this.withinSendRate(business.workspaceId))) return 'later'
    // The list as well as the row: an opt-out recorded after the request was made still stops it.
    if (customer.optedOutAt || (await OptOut.covers(business.id, customer))) {
      return { sent: false, changes: { status: RequestStatus.OptedOut } }
    }
    // The customer may have been edited since the request was made: a channel needs its contact still.
    if (request.channel !== RequestChannel.Email && !customer.phone) return failed(NO_MOBILE_NUMBER)
    if (request.channel === RequestChannel.Sms) return this.sendSms(request, customer, business)
    // The customer's language when it goes, not when it was asked for: a rating meanwhile counts (docs/decisions.md D65).
    const { language } = await customerLanguageOf(customer, business)
    if (request.channel === RequestChannel.Whatsapp) return this.sendWhatsApp(request, customer, business, language)
    return this.sendEmail(request, customer, business, language, reminder)
  }

  /** Claims and sends one request (or its reminder); false when it is not claimable or nothing was sent. */
  private async send(requestId: number, reminder: boolean) {
    const lease = reminder ? reminderLease : requestLease
    const now = () => clock.now().toJSDate()
    const claimedAt = await lease.claim(requestId, reminder ? {} : { status: RequestStatus.Sending, updated_at: now() })
    if (!claimedAt) return false
    // Due again: the request back to `created` (its reminder needs nothing more).
    const due = reminder ? {} : { status: RequestStatus.Created, updated_at: now() }

    const request = await ReviewRequest.findOrFail(requestId)
    let outcome: Outcome | 'later'
    try {
      outcome = await this.attempt(request, reminder)
    } catch (error) {
      const reason = permanentFailure(error)
      if (reason === null) {
        await lease.release(requestId, claimedAt, due)
        logger.warn({ err: error, requestId, reminder }, 'a review request could not be sent; it is retried')
        throw error
      }
      // The provider refused this message: sending it again cannot help. The owner sees why on the request; a
      // refused reminder is not tried again (the request itself was sent).
      if (!reminder) logger.info({ requestId, reason }, 'a review request was refused by its provider')
      outcome = reminder ? { sent: false, changes: {} } : failed(reason)
    }
    if (outcome === 'later') {
      await lease.release(requestId, claimedAt, due)
      return false
    }
    // A reminder that went, or was refused, is done; the request is `sent` with its message id, or why not (a
    // request opened meanwhile, through a first send whose worker died, stays opened).
    const sentAt = reminder ? { reminded_at: now() } : outcome.sent ? { status: RequestStatus.Sent, sent_at: now() } : {}
    const changes: Record<string, unknown> = { ...sentAt, ...outcome.changes, updated_at: now() }
    if (!reminder && 'status' in changes)
      changes.status = db.knexRawQuery('IF(status = ?, ?, status)', [RequestStatus.Sending, changes.status])
    await lease.done(requestId, changes)
    return outcome.sent
  }
}

/** A request that cannot be sent, with the reason the owner sees. */
const failed = (reason: string): Outcome => ({
  sent: false,
  changes: { status: RequestStatus.Failed, failure_reason: reason.slice(0, 255) },
})
