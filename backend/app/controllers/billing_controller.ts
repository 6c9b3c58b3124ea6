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
import { isPurchasablePlan } from '#contract/product_rules'
import { paymentHistory } from '#queries/payment_history'
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
    return paymentHistory(auth.getUserOrFail().id)
  }

  @inject()
  async cancel(
    { auth }: HttpContext,
    cancelSubscription: CancelSubscription,
    billingStatus: GetBillingStatus
  ): Promise<BillingChangeResponse> {
    const user = auth.getUserOrFail()
    await cancelSubscription.handle(user)
    return { success: true, ...(await billingStatus.handle(user)) }
  }
}
