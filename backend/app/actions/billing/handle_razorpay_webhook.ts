import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import PaymentEvent from '#models/payment_event'
import Payment from '#models/payment'
import GrantPlan from '#actions/billing/grant_plan'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { BadRequestError } from '#exceptions/app_errors'
import { PaymentStatus } from '#lib/billing_enums'
import { isDuplicateKey } from '#lib/db_errors'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Refund, { RefundStatus } from '#models/refund'
import { markProcessed } from '#actions/billing/refund_payment'
import { clock } from '#lib/clock'

interface PaymentEntity {
  id?: string
  order_id?: string
  amount?: number
  status?: string
  error_description?: string
  error_reason?: string
}

/** An identifier as Razorpay sends it (`order_…`, `pay_…`); anything else in that place is treated as absent. */
function identifier(value: unknown) {
  return typeof value === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(value) ? value : null
}

/** A signed body that is not a JSON object is not an event we can act on. */
function parseEvent(rawBody: string): WebhookBody {
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    throw new BadRequestError('The webhook body is not valid JSON')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The webhook body is not a JSON object')
  return body as WebhookBody
}

interface WebhookBody {
  event?: string
  payload?: {
    payment?: { entity?: PaymentEntity }
    order?: { entity?: { id?: string; amount_paid?: number; status?: string } }
    refund?: { entity?: { id?: string; amount?: number; payment_id?: string; status?: string } }
  }
}

/**
 * Razorpay webhooks (docs/decisions.md D9): signature over the raw body, idempotent by event id (the event row and its
 * effect commit together, so a failed attempt can be retried by Razorpay), `payment.captured` and `order.paid`
 * grant the plan, `payment.failed` marks an unpaid order failed, `refund.processed` / `refund.failed` settle our refunds
 * (docs/decisions.md D33).
 */
@inject()
export default class HandleRazorpayWebhook {
  constructor(
    private gateway: RazorpayGateway,
    private grantPlan: GrantPlan
  ) {}

  async handle(rawBody: string, signature: string | undefined, eventIdHeader: string | undefined) {
    if (!this.gateway.isValidWebhookSignature(rawBody, signature)) {
      throw new BadRequestError('Invalid webhook signature')
    }
    const body = parseEvent(rawBody)
    const event = String(body.event ?? 'unknown').slice(0, 60)
    const eventId = (eventIdHeader || createHash('sha256').update(rawBody).digest('hex')).slice(0, 100)
    const payment = body.payload?.payment?.entity
    const order = body.payload?.order?.entity
    const orderId = identifier(order?.id) ?? identifier(payment?.order_id)

    try {
      return await db.transaction(async (trx) => {
        await PaymentEvent.create({ eventId, event, razorpayOrderId: orderId, payload: rawBody }, { client: trx })
        if (event === 'refund.processed' || event === 'refund.failed') return this.refundEvent(trx, event, body.payload?.refund?.entity)
        if (!orderId) return { status: 'ignored' as const }

        if (event === 'payment.captured' || event === 'order.paid') {
          const amount = event === 'order.paid' ? order?.amount_paid : payment?.amount
          await this.grantPlan.handle({ orderId, paymentId: identifier(payment?.id), amount }, trx)
          return { status: 'processed' as const }
        }
        if (event === 'payment.failed') {
          await Payment.query({ client: trx })
            .where('razorpay_order_id', orderId)
            .where('status', PaymentStatus.Created)
            .update({
              status: PaymentStatus.Failed,
              failureReason: String(payment?.error_description || payment?.error_reason || 'Unknown payment error').slice(0, 500),
            })
          return { status: 'processed' as const }
        }
        return { status: 'ignored' as const }
      })
    } catch (error) {
      if (isDuplicateKey(error, 'event_id')) {
        logger.info({ eventId, event }, 'razorpay webhook replay ignored')
        return { status: 'duplicate' as const }
      }
      throw error
    }
  }

  /**
   * `refund.processed` marks our refund processed and issues its credit note (once); `refund.failed` marks it failed
   * (the operator may refund again). A refund we did not ask for is only recorded.
   */
  private async refundEvent(trx: TransactionClientContract, event: string, entity: { id?: string } | undefined) {
    const refundId = identifier(entity?.id)
    const refund = refundId ? await Refund.query({ client: trx }).where('razorpay_refund_id', refundId).forUpdate().first() : null
    if (!refund) return { status: 'ignored' as const }
    if (event === 'refund.processed') await markProcessed(trx, refund, clock.now())
    else if (refund.status === RefundStatus.Pending) {
      refund.status = RefundStatus.Failed
      await refund.useTransaction(trx).save()
    }
    return { status: 'processed' as const }
  }
}
