import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type Workspace from '#models/workspace'
import Business from '#models/business'
import Customer from '#models/customer'
import OptOut from '#models/opt_out'
import ReviewRequest, { RequestChannel, RequestStatus, type RequestSource } from '#models/review_request'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { customerPhone, findExisting, upsertCustomers } from '#actions/requests/save_customer'
import RequestChannels, { CHANNEL_NEEDS, PROVIDER_CHANNELS, providerCapMessage } from '#actions/requests/request_channels'
import { AppException, FieldError, NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { BUSINESS_PAUSED_MESSAGE, FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS, REQUEST_LIMIT_MESSAGE } from '#contract/product_rules'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { translate } from '#contract/review_messages/index'
import { customerLanguageOf } from '#queries/message_languages'
import { QueueService } from '#queue/queue_service'
import { QueueName, reviewRequestJobId } from '#queue/queues'
import { sendDelayMs } from '#lib/quiet_hours'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { REQUEST_REPEAT_DAYS } from '#contract/integrations'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { personalLink, stopLink } from '#lib/app_url'
import { monthStartIst } from '#lib/time'
import { clock } from '#lib/clock'
import env from '#start/env'
import type { CreateReviewRequestRequest } from '#types/api'

export const NO_EMAIL = 'This customer has no email address. Add one, or send with your WhatsApp.'
export const NO_PHONE = 'This customer has no mobile number. Add one, or send by email.'
export const TYPED_EMAIL_NEEDED = 'Enter their email address to send by email.'
export const TYPED_PHONE_NEEDED = 'Enter their mobile number: WhatsApp and SMS need it.'
export const OPTED_OUT = 'This customer asked not to get review requests from this business.'

/** How a request sent by something other than the owner's hand is made (docs/decisions.md D72). */
export interface RequestOrigin {
  source: RequestSource
  integrationId?: number | null
  /** Not sent before this (quiet hours may move it later still). */
  sendAfter?: DateTime | null
  /** A customer asked in the last this many days is not asked again (AlreadyAskedError). */
  repeatDays?: number
  /**
   * Written in the request's own transaction once the request is stored (an integration's event row): if it throws,
   * nothing is stored; if the process dies, neither is.
   */
  alongside?(trx: TransactionClientContract, request: ReviewRequest): Promise<void>
}

/** The customer was asked within the repeat window: when. */
export class AlreadyAskedError extends AppException {
  static status = 409
  static code = 'E_ALREADY_ASKED'
  constructor(readonly askedAt: DateTime) {
    super(
      `This customer was asked for a review on ${askedAt.setZone(BUSINESS_TIME_ZONE).toFormat('d LLL')}: ` +
        `a customer is asked at most once in ${REQUEST_REPEAT_DAYS} days.`
    )
  }
}

/**
 * The owner's WhatsApp, opened on the customer with the request in the customer's language (docs/decisions.md D32,
 * D65: their own, else the one they rated in, else the business's).
 */
export async function whatsappUrl(request: ReviewRequest, customer: Customer, business: Business) {
  const { language } = await customerLanguageOf(customer, business)
  const messages = REVIEW_MESSAGES[language]
  const text = translate(messages, 'requestMessage', {
    customer: customer.name,
    business: business.name,
    link: personalLink(request.token),
    stopLink: stopLink(request.token),
  })
  return `https://wa.me/${customer.phone!.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`
}

/**
 * A personal review request for one customer the owner chose (docs/decisions.md D32): never picked by expected
 * sentiment, never to a customer who opted out or whose number or address is on the business's opt-out list, within
 * the free plan's monthly requests. Through the owner's own WhatsApp (`whatsapp_link`) the answer carries the wa.me
 * link and the request counts as sent; by email it is queued (`created` until the send job has mailed it). A channel
 * that is not set up, or a customer without the contact it needs, is refused before anything is stored
 * (docs/product-rules.md#customers-and-channels).
 */
@inject()
export default class CreateReviewRequest {
  constructor(
    private billingStatus: GetBillingStatus,
    private queues: QueueService,
    private channels: RequestChannels
  ) {}

  /** `business` is one the member may send for (ReviewRequestPolicy), in the workspace they act in. */
  async handle(workspace: Workspace, business: Business, input: CreateReviewRequestRequest, origin: RequestOrigin = { source: 'manual' }) {
    const channel = input.channel as RequestChannel
    await this.channels.refuseUnavailable(business, channel)
    if (input.staffId !== undefined && !(await db.from('staff').where({ id: input.staffId, business_id: business.id }).first())) {
      throw new NotFoundError('Staff member not found')
    }
    const customer = await this.customerOf(business, input, channel)
    if (customer.optedOutAt || (await OptOut.covers(business.id, customer))) throw new FieldError('customerId', OPTED_OUT)
    // The owner's own WhatsApp is sent by the owner now; email goes from the send queue (review_request_send_job.ts).
    const ownWhatsapp = channel === RequestChannel.WhatsappLink

    const request = await db.transaction(async (trx) => {
      // One request at a time per business while counting, so two at once cannot both take the last free one.
      await trx.from('businesses').where('id', business.id).forUpdate().first()
      // Under the business's lock, so two events for one customer at once make one request.
      if (origin.repeatDays) {
        const last = await ReviewRequest.query({ client: trx })
          .where('business_id', business.id)
          .where('customer_id', customer.id)
          .where('created_at', '>=', clock.now().minus({ days: origin.repeatDays }).toJSDate())
          .orderBy('created_at', 'desc')
          .first()
        if (last) throw new AlreadyAskedError(last.createdAt)
      }
      const { isLimited } = await this.billingStatus.handle(workspace)
      if (isLimited) {
        // A paused business's link takes no ratings: a request would send the customer to a page that says so.
        if ((await Business.freePlanBusinessIdOf(business.workspaceId)) !== business.id)
          throw new UpgradeRequiredError(BUSINESS_PAUSED_MESSAGE)
        const [{ sent }] = await trx
          .from('review_requests')
          .where('business_id', business.id)
          .where('created_at', '>=', monthStartIst().toJSDate())
          .count('* as sent')
        if (Number(sent) >= FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS) throw new UpgradeRequiredError(REQUEST_LIMIT_MESSAGE)
      }
      // Messages a provider sends (and charges for) have a monthly cap per account, on every plan.
      if (PROVIDER_CHANNELS.includes(channel)) {
        const cap = env.get('REQUEST_PROVIDER_MONTHLY_CAP')
        if ((await RequestChannels.providerSentThisMonth(business.workspaceId, trx)) >= cap)
          throw new FieldError('channel', providerCapMessage(cap))
      }
      const now = clock.now()
      const created = await ReviewRequest.create(
        {
          businessId: business.id,
          customerId: customer.id,
          channel,
          status: ownWhatsapp ? RequestStatus.Sent : RequestStatus.Created,
          token: randomBytes(16).toString('base64url'),
          sentAt: ownWhatsapp ? now : null,
          staffId: input.staffId ?? null,
          source: origin.source,
          integrationId: origin.integrationId ?? null,
          sendAfter: origin.sendAfter ?? null,
          createdAt: now,
          updatedAt: now,
        },
        { client: trx }
      )
      await origin.alongside?.(trx, created)
      return created
    })
    request.$setRelated('customer', customer)
    if (!ownWhatsapp) {
      // Sent in the morning during quiet hours, and not before its time; a lost enqueue (Redis down) is sent by the sweep.
      await this.queues.enqueue(
        QueueName.ReviewRequestSend,
        { requestId: request.id },
        { jobId: reviewRequestJobId(request.id), delay: sendDelayMs(origin.sendAfter ?? null) }
      )
      return { request }
    }
    return { request, whatsappUrl: await whatsappUrl(request, customer, business) }
  }

  /**
   * The chosen customer of this business, or the one typed in (merged by phone, else by address; consent confirmed
   * now), once it is clear they have the contact the channel needs: a typed-in customer is stored only then.
   */
  private async customerOf(business: Business, input: CreateReviewRequestRequest, channel: RequestChannel) {
    const needs = CHANNEL_NEEDS[channel]
    if (input.customerId !== undefined) {
      const customer = await Customer.query().where('id', input.customerId).where('business_id', business.id).first()
      if (!customer) throw new NotFoundError('Customer not found')
      if (needs === 'phone' && !customer.phone) throw new FieldError('customerId', NO_PHONE)
      if (needs === 'email' && !customer.email) throw new FieldError('customerId', NO_EMAIL)
      return customer
    }
    const typed = input.customer!
    const row = {
      name: typed.name,
      phone: typed.phone ? customerPhone(typed.phone, 'customer.phone') : null,
      email: typed.email ?? null,
      language: typed.language ?? null,
    }
    const [known] = await findExisting(db.connection(), business.id, [row])
    if (needs === 'phone' && !(row.phone ?? known?.phone)) throw new FieldError('customer.phone', TYPED_PHONE_NEEDED)
    if (needs === 'email' && !(row.email ?? known?.email)) throw new FieldError('customer.email', TYPED_EMAIL_NEEDED)
    await db.transaction((trx) => upsertCustomers(trx, business.id, [row]))
    const [stored] = await findExisting(db.connection(), business.id, [row])
    return Customer.findOrFail(stored!.id)
  }
}
