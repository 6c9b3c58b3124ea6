import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SubscriptionPlan from '#models/subscription_plan'
import Payment from '#models/payment'
import PaymentPolicy from '#policies/payment_policy'
import StartPurchase from '#actions/billing/start_purchase'
import VerifyPayment from '#actions/billing/verify_payment'
import CancelSubscription from '#actions/billing/cancel_subscription'
import GetBillingStatus from '#actions/billing/get_billing_status'
import GetUsage from '#actions/billing/get_usage'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { createPaymentValidator, verifyPaymentValidator } from '#validators/billing'
import { serializePlan } from '#serializers/plans'
import { PlanType } from '#lib/billing_enums'
import { isPurchasablePlan, planDisplayName } from '#contract/product_rules'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { InvoiceKind } from '#models/invoice'
import { RefundStatus } from '#models/refund'
import type {
  BillingChangeResponse,
  CreatePaymentResponse,
  PaymentHistoryDto,
  PlanDto,
  RazorpayConfigResponse,
  TrialStatusDto,
  UsageDto,
} from '#types/api'

export default class BillingController {
  @inject()
  async trialStatus({ auth }: HttpContext, billingStatus: GetBillingStatus): Promise<TrialStatusDto> {
    return billingStatus.handle(auth.getUserOrFail())
  }

  @inject()
  async usage({ auth }: HttpContext, getUsage: GetUsage): Promise<UsageDto> {
    return getUsage.handle(auth.getUserOrFail())
  }

  /** Public: landing, billing and terms read prices from here. The trial is not a plan one can buy. */
  async plans(): Promise<PlanDto[]> {
    const plans = await SubscriptionPlan.query().where('is_active', true).orderBy('sort_order', 'asc')
    const monthly = plans.find((plan) => plan.planType === PlanType.Monthly)?.totalPrice ?? null
    return plans.filter(isPurchasablePlan).map((plan) => serializePlan(plan, monthly))
  }

  @inject()
  async razorpayConfig(_: HttpContext, gateway: RazorpayGateway): Promise<RazorpayConfigResponse> {
    return { keyId: gateway.keyId }
  }

  @inject()
  async createPayment({ auth, request }: HttpContext, startPurchase: StartPurchase): Promise<CreatePaymentResponse> {
    const { planId } = await request.validateUsing(createPaymentValidator)
    return startPurchase.handle(auth.getUserOrFail(), planId)
  }

  /** Checkout's success handler posts here; the webhook may arrive first or later: the plan is granted once. */
  @inject()
  async verifyPayment(
    { auth, bouncer, request }: HttpContext,
    verifyPayment: VerifyPayment,
    billingStatus: GetBillingStatus
  ): Promise<BillingChangeResponse> {
    const input = await request.validateUsing(verifyPaymentValidator)
    const payment = await Payment.findBy('razorpay_order_id', input.razorpay_order_id)
    await bouncer.with(PaymentPolicy).authorize('view', payment)
    await verifyPayment.handle(payment!, input)
    const user = auth.getUserOrFail()
    return { success: true, ...(await billingStatus.handle(user)) }
  }

  /** GET /api/billing/payments: the owner's payments, newest first, with their invoice, refund and credit note. */
  async payments({ auth }: HttpContext): Promise<PaymentHistoryDto[]> {
    const rows = await db
      .from('payments as p')
      .join('subscription_plans as sp', 'sp.id', 'p.plan_id')
      .leftJoin('refunds as r', (join) => join.on('r.payment_id', 'p.id').andOnVal('r.status', '<>', RefundStatus.Failed))
      .leftJoin('invoices as i', (join) => join.on('i.payment_id', 'p.id').andOnVal('i.kind', InvoiceKind.Invoice))
      .leftJoin('invoices as cn', (join) => join.on('cn.payment_id', 'p.id').andOnVal('cn.kind', InvoiceKind.CreditNote))
      .where('p.user_id', auth.getUserOrFail().id)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(200)
      .select('p.id', 'p.created_at', 'p.paid_at', 'p.amount', 'p.status', 'sp.name as plan_name', 'sp.duration_months', 'r.amount as refunded', 'i.id as invoice_id', 'cn.id as credit_note_id')
    return rows.map((row) => {
      const refunded = Number(row.refunded ?? 0)
      const status = refunded > 0 ? (refunded >= row.amount ? 'refunded' : 'partially_refunded') : (row.status as PaymentHistoryDto['status'])
      return {
        id: row.id,
        createdAt: DateTime.fromJSDate(row.created_at).toISO()!,
        paidAt: row.paid_at ? DateTime.fromJSDate(row.paid_at).toISO()! : null,
        planName: planDisplayName(row.plan_name),
        durationMonths: row.duration_months,
        amount: row.amount,
        status,
        refundedAmount: refunded,
        invoiceId: row.invoice_id ?? null,
        creditNoteId: row.credit_note_id ?? null,
      }
    })
  }

  @inject()
  async cancel({ auth }: HttpContext, cancelSubscription: CancelSubscription, billingStatus: GetBillingStatus): Promise<BillingChangeResponse> {
    const user = auth.getUserOrFail()
    await cancelSubscription.handle(user)
    return { success: true, ...(await billingStatus.handle(user)) }
  }
}
