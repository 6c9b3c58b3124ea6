/*
 * A webhook from a business's billing, shop or booking system (docs/decisions.md D72): checked as the provider signs
 * it, read in the provider's format, and, for the event the integration waits for, turned into one review request
 * through the same action as a request sent by hand (opt-outs, caps, plan rules, the leased send), scheduled after
 * the integration's delay and outside quiet hours, and never to a customer asked in the last REQUEST_REPEAT_DAYS.
 * Each event is logged with its outcome in words; a repeat of one (the same payment, order, invoice or appointment)
 * does nothing new.
 */
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import Integration from '#models/integration'
import IntegrationEvent, { type IntegrationOutcome } from '#models/integration_event'
import Workspace from '#models/workspace'
import CreateReviewRequest, { AlreadyAskedError, OPTED_OUT } from '#actions/requests/create_review_request'
import RequestChannels from '#actions/requests/request_channels'
import { FieldError, NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { INTEGRATION_EVENTS_KEPT, REQUEST_REPEAT_DAYS, type IntegrationProvider } from '#contract/integrations'
import { isSigned, isWooPing, MalformedEvent, readEvent, type Headers, type ServedCustomer } from '#services/integrations/provider_events'
import { sendableAt } from '#lib/quiet_hours'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import { BUSINESS_TIME_ZONE } from '#lib/constants'

/** What the webhook answers: 200 with what happened, 401 for a bad signature, 400 for a body not in the format. */
export type HookAnswer =
  | { status: 200; outcome: 'ping' | 'ignored' | 'repeat' | IntegrationOutcome; eventId?: number }
  | { status: 401; error: string }
  | { status: 400; error: string }

export const SIGNATURE_MISMATCH = 'signature did not match'
export const BAD_SIGNATURE = 'The signature does not match this integration.'

/** ₹1,234.50 as the log says it. */
const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`

/** "Kavya R., +91 98•••••210" or "k•••@gmail.com": enough for the owner to know them, no more. */
export function maskCustomer({ name, phone, email }: ServedCustomer) {
  const [first, ...rest] = name.trim().split(/\s+/)
  const who = rest.length ? `${first} ${rest.at(-1)![0]}.` : first
  const contact = phone
    ? `+91 ${phone.slice(0, 2)}•••••${phone.slice(-3)}`
    : email
      ? `${email[0]}•••@${email.split('@')[1]}`
      : 'no phone or email'
  return `${who}, ${contact}`.slice(0, 120)
}

@inject()
export default class ReceiveIntegrationEvent {
  constructor(
    private create: CreateReviewRequest,
    private channels: RequestChannels
  ) {}

  async handle(provider: IntegrationProvider, token: string, headers: Headers, raw: Buffer, test = false): Promise<HookAnswer> {
    const integration = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await Integration.query().where('token', token).where('provider', provider).first()
      : null
    if (!integration) throw new NotFoundError('Unknown integration')
    // WooCommerce pings a new webhook unsigned, before the owner has pasted the secret anywhere.
    if (provider === 'woocommerce' && isWooPing(raw)) return { status: 200, outcome: 'ping' }
    if (!isSigned(provider, headers, raw, integration.signingSecret())) {
      await this.log(integration, { outcome: 'rejected', reason: SIGNATURE_MISMATCH, test })
      return { status: 401, error: BAD_SIGNATURE }
    }
    let event
    try {
      event = readEvent(provider, headers, raw)
    } catch (error) {
      if (error instanceof MalformedEvent) return { status: 400, error: error.message }
      throw error
    }
    if (event.kind === 'ping') return { status: 200, outcome: 'ping' }
    if (event.kind === 'other' || event.trigger !== integration.trigger) return { status: 200, outcome: 'ignored' }

    // A repeat (the provider retrying, or sending it twice) finds the event's row and does nothing. A scheduled
    // event's row is written in its request's transaction, so a process that dies half-way leaves neither, and the
    // provider's retry does the work.
    const row = {
      integrationId: integration.id,
      reference: event.reference,
      dedupeKey: test ? null : event.dedupeKey,
      customerMasked: maskCustomer(event.customer),
      test,
    }
    if (!test && (await IntegrationEvent.query().where('integration_id', integration.id).where('dedupe_key', event.dedupeKey).first())) {
      return { status: 200, outcome: 'repeat' }
    }
    try {
      const decided = await this.decide(integration, event, test, row)
      const logged = decided.eventId
        ? await IntegrationEvent.findOrFail(decided.eventId)
        : await this.log(integration, { ...row, ...decided })
      if (decided.eventId) await this.afterLog(integration)
      return { status: 200, outcome: logged.outcome, eventId: Number(logged.id) }
    } catch (error) {
      if (isDuplicateKey(error)) return { status: 200, outcome: 'repeat' }
      throw error
    }
  }

  /**
   * The rules of a request sent by hand, and the integration's own: what happens to this event. A scheduled one
   * answers the id of its row, written with the request.
   */
  private async decide(
    integration: Integration,
    event: { amountPaise: number | null; customer: ServedCustomer },
    test: boolean,
    row: Partial<IntegrationEvent>
  ): Promise<Pick<IntegrationEvent, 'outcome' | 'reason' | 'reviewRequestId' | 'sendAt'> & { eventId?: number }> {
    const skipped = (reason: string) => ({ outcome: 'skipped' as const, reason, reviewRequestId: null, sendAt: null })
    if (!integration.active) return skipped('the integration is off')
    if (integration.minAmountPaise > 0 && event.amountPaise !== null && event.amountPaise < integration.minAmountPaise) {
      return skipped(`below ${rupees(integration.minAmountPaise)}`)
    }
    const { customer } = event
    if (!customer.phone && !customer.email) return skipped('no phone or email')
    const business = await Business.findOrFail(integration.businessId)
    const channel = await this.channelFor(business, integration, customer)
    if (typeof channel !== 'string') return skipped(channel.reason)
    const workspace = await Workspace.findOrFail(business.workspaceId)
    const sendAfter = clock.now().plus({ minutes: integration.delayMinutes })
    const sendAt = sendableAt(sendAfter)
    const reason = `request scheduled for ${sendAt
      .setZone(BUSINESS_TIME_ZONE)
      .toFormat(sendAt.hasSame(clock.now(), 'day') ? 'h:mm a' : 'd LLL, h:mm a')
      .toLowerCase()}`
    let eventId = 0
    try {
      const { request } = await this.create.handle(
        workspace,
        business,
        {
          businessId: business.id,
          // The owner stated, adding the integration, that customers agreed at checkout to hear from the business.
          customer: { name: customer.name, phone: customer.phone ?? undefined, email: customer.email, consent: true },
          channel,
        },
        {
          source: 'integration',
          integrationId: integration.id,
          sendAfter,
          // A test event may be sent again: the member is not "asked recently" by their own tests.
          repeatDays: test ? undefined : REQUEST_REPEAT_DAYS,
          alongside: async (trx, stored) => {
            const [id] = await trx.table('integration_events').insert({
              integration_id: row.integrationId,
              received_at: clock.now().toJSDate(),
              reference: row.reference,
              dedupe_key: row.dedupeKey,
              customer_masked: row.customerMasked,
              outcome: 'scheduled',
              reason,
              review_request_id: stored.id,
              send_at: sendAt.toJSDate(),
              test: row.test,
            })
            eventId = Number(id)
          },
        }
      )
      return { outcome: 'scheduled', reason, reviewRequestId: request.id, sendAt, eventId }
    } catch (error) {
      if (error instanceof AlreadyAskedError) {
        return skipped(`already asked on ${error.askedAt.setZone(BUSINESS_TIME_ZONE).toFormat('d LLL')}`)
      }
      if (error instanceof FieldError && error.message === OPTED_OUT) return skipped('opted out')
      if (error instanceof FieldError || error instanceof UpgradeRequiredError) return skipped(error.message)
      throw error
    }
  }

  /**
   * The integration's channel, or for `auto` the best one that works for this customer: WhatsApp, then SMS (a phone
   * is where Indian customers read), then email.
   */
  private async channelFor(
    business: Business,
    integration: Integration,
    customer: ServedCustomer
  ): Promise<'whatsapp' | 'sms' | 'email' | { reason: string }> {
    const candidates = integration.channel === 'auto' ? (['whatsapp', 'sms', 'email'] as const) : [integration.channel]
    const reasons: string[] = []
    for (const channel of candidates) {
      if (channel === 'email' ? !customer.email : !customer.phone) {
        reasons.push(channel === 'email' ? 'no email address' : `no mobile number for ${channel === 'sms' ? 'SMS' : 'WhatsApp'}`)
        continue
      }
      try {
        await this.channels.refuseUnavailable(business, channel)
        return channel
      } catch (error) {
        if (!(error instanceof FieldError)) throw error
        reasons.push(error.message)
      }
    }
    if (integration.channel !== 'auto') return { reason: reasons[0] }
    return {
      reason: customer.email
        ? 'no way to send: email is not available, and WhatsApp Business and SMS are not set up'
        : 'no email address, and neither WhatsApp Business nor SMS is set up for a mobile number',
    }
  }

  /** The event's line in the log (a skipped or rejected one; a scheduled one is written with its request). */
  private async log(
    integration: Integration,
    fields: Partial<
      Pick<IntegrationEvent, 'outcome' | 'reason' | 'reference' | 'dedupeKey' | 'customerMasked' | 'test' | 'reviewRequestId' | 'sendAt'>
    >
  ) {
    const row = await IntegrationEvent.create({ integrationId: integration.id, receivedAt: clock.now(), ...fields })
    await this.afterLog(integration)
    return row
  }

  /** The integration's last event time, and its log kept to the last INTEGRATION_EVENTS_KEPT. */
  private async afterLog(integration: Integration) {
    await db.from('integrations').where('id', integration.id).update({ last_event_at: clock.now().toJSDate() })
    const [edge] = await db
      .from('integration_events')
      .where('integration_id', integration.id)
      .orderBy('id', 'desc')
      .offset(INTEGRATION_EVENTS_KEPT)
      .limit(1)
      .select('id')
    if (edge) await db.from('integration_events').where('integration_id', integration.id).where('id', '<=', edge.id).delete()
  }
}
