/*
 * Refunds a payment by the refund policy (docs/decisions.md D33; the /refund-policy page): in full within
 * 48 hours of the owner's first payment; pro-rated for the unused part of a 6-month plan within 14 days and of a
 * 12-month plan within 30 days; nothing for a monthly plan after 48 hours. Used by the operator console and by
 * `node ace billing:refund`.
 *
 * The refund row is written (and committed) before Razorpay is asked, so two refunds of one payment cannot both
 * go out: the second finds it (409). Razorpay's answer then ends the plan (later plans move up by what was cut) and,
 * once the refund is processed (now or by the `refund.processed` webhook), issues the credit note against the
 * payment's invoice.
 */
import { inject } from '@adonisjs/core'
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#models/payment'
import Refund, { RefundStatus } from '#models/refund'
import Subscription from '#models/subscription'
import SubscriptionPlan from '#models/subscription_plan'
import Invoice, { InvoiceKind } from '#models/invoice'
import { issueCreditNote } from '#actions/billing/issue_invoice'
import { RazorpayGateway, RazorpayRefusal } from '#services/payments/razorpay_gateway'
import { ConflictError, FieldError, NotFoundError } from '#exceptions/app_errors'
import { PaymentStatus, PlanType } from '#lib/billing_enums'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'

/** The refund policy's windows. */
export const FULL_REFUND_HOURS = 48
export const PRO_RATA_DAYS: Partial<Record<PlanType, number>> = { [PlanType.SixMonth]: 14, [PlanType.TwelveMonth]: 30 }

export interface RefundQuote {
  amount: number
  kind: 'full' | 'pro_rata'
}

/**
 * What the policy refunds of `payment` at `now`, or why nothing. `firstPaidAt`: when the owner's first payment was
 * made; `period`: the plan this payment bought (its unused part is what a pro-rated refund pays back).
 */
export function refundQuote(
  payment: { amount: number; paidAt: DateTime },
  planType: PlanType,
  isFirstPayment: boolean,
  period: { start: DateTime; end: DateTime },
  now: DateTime
): RefundQuote | { refused: string } {
  const age = now.diff(payment.paidAt)
  if (isFirstPayment && age.as('hours') <= FULL_REFUND_HOURS) return { amount: payment.amount, kind: 'full' }
  const window = PRO_RATA_DAYS[planType]
  if (window === undefined) return { refused: `A monthly plan is refunded only within ${FULL_REFUND_HOURS} hours of the first payment.` }
  if (age.as('days') > window) return { refused: `This plan is refunded pro rata only within ${window} days of payment.` }
  const total = period.end.toMillis() - period.start.toMillis()
  const unused = Math.min(total, Math.max(0, period.end.toMillis() - Math.max(now.toMillis(), period.start.toMillis())))
  const amount = Math.floor((payment.amount * unused) / total)
  if (amount < 100) return { refused: 'Less than ₹1 of this plan is left to refund.' }
  return { amount, kind: 'pro_rata' }
}

@inject()
export default class RefundPayment {
  constructor(private gateway: RazorpayGateway) {}

  async handle(paymentId: number, reason: string) {
    const now = clock.now()
    const payment = await Payment.find(paymentId)
    if (!payment || payment.status !== PaymentStatus.Paid || !payment.razorpayPaymentId || !payment.paidAt)
      throw new NotFoundError('Paid payment not found')
    const subscription = await Subscription.findByOrFail('payment_id', payment.id)
    const plan = await SubscriptionPlan.findOrFail(payment.planId)
    const first = await Payment.query()
      .where('user_id', payment.userId ?? 0)
      .where('status', PaymentStatus.Paid)
      .orderBy('paid_at')
      .orderBy('id')
      .first()
    const quote = refundQuote(
      { amount: payment.amount, paidAt: payment.paidAt },
      plan.planType,
      first?.id === payment.id,
      { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
      now
    )
    if ('refused' in quote) throw new FieldError('paymentId', quote.refused)

    const refund = await this.claim(payment.id, quote.amount, reason)
    let answer
    try {
      answer = await this.gateway.refund(payment.razorpayPaymentId, {
        amount: quote.amount,
        receipt: `refund_${refund.id}`,
        notes: { refundId: String(refund.id), reason: reason.slice(0, 250) },
      })
    } catch (error) {
      refund.merge({ status: RefundStatus.Failed })
      await refund.save()
      if (error instanceof RazorpayRefusal) throw new FieldError('paymentId', `Razorpay refused the refund: ${error.message}`)
      throw error
    }

    return db.transaction(async (trx) => {
      const locked = await Refund.query({ client: trx }).where('id', refund.id).forUpdate().firstOrFail()
      locked.razorpayRefundId = answer.id
      await locked.useTransaction(trx).save()
      await this.endPlan(trx, subscription.id, now)
      const creditNote = answer.status === 'processed' ? await markProcessed(trx, locked, now) : null
      return { refund: locked, quote, creditNote }
    })
  }

  /** The refund row, before Razorpay is asked: one per payment (a failed one may be tried again). */
  private async claim(paymentId: number, amount: number, reason: string) {
    return db.transaction(async (trx) => {
      const existing = await Refund.query({ client: trx }).where('payment_id', paymentId).forUpdate().first()
      if (existing && existing.status !== RefundStatus.Failed) throw new ConflictError('This payment has already been refunded.')
      if (existing) {
        existing.merge({ amount, reason, status: RefundStatus.Pending, razorpayRefundId: null })
        return existing.useTransaction(trx).save()
      }
      try {
        return await Refund.create({ paymentId, amount, reason, status: RefundStatus.Pending }, { client: trx })
      } catch (error) {
        if (isDuplicateKey(error)) throw new ConflictError('This payment has already been refunded.')
        throw error
      }
    })
  }

  /** The refunded plan ends now; plans bought after it (stacked behind it) move up by what was cut. */
  private async endPlan(trx: TransactionClientContract, subscriptionId: number, now: DateTime) {
    const subscription = await Subscription.query({ client: trx }).where('id', subscriptionId).forUpdate().firstOrFail()
    const end = subscription.currentPeriodEnd
    const cut = subscription.endNow(now)
    await subscription.useTransaction(trx).save()
    const later = await Subscription.query({ client: trx })
      .where('workspace_id', subscription.workspaceId)
      .where('current_period_start', '>=', end.toJSDate())
      .forUpdate()
    for (const next of later) {
      next.merge({ currentPeriodStart: next.currentPeriodStart.minus(cut), currentPeriodEnd: next.currentPeriodEnd.minus(cut) })
      await next.useTransaction(trx).save()
    }
    reviewLinkCache.forgetWorkspace(subscription.workspaceId, trx)
  }
}

/**
 * A refund Razorpay has processed: marked so, and its credit note issued against the payment's invoice, once
 * (a repeated webhook finds it done). Answers the credit note, or null when there is no invoice to credit.
 */
export async function markProcessed(trx: TransactionClientContract, refund: Refund, now: DateTime) {
  if (refund.status !== RefundStatus.Processed) {
    refund.merge({ status: RefundStatus.Processed, processedAt: now })
    await refund.useTransaction(trx).save()
  }
  const existing = await Invoice.query({ client: trx }).where('refund_id', refund.id).first()
  if (existing) return existing
  const invoice = await Invoice.query({ client: trx }).where('payment_id', refund.paymentId).where('kind', InvoiceKind.Invoice).first()
  return invoice ? issueCreditNote(trx, invoice, refund, now) : null
}
