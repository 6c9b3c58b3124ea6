import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SubscriptionPlan from '#models/subscription_plan'
import Payment from '#models/payment'
import Business from '#models/business'
import StartPurchase from '#actions/billing/start_purchase'
import GrantPlan from '#actions/billing/grant_plan'
import CancelSubscription from '#actions/billing/cancel_subscription'
import { billingStatus } from '#actions/billing/billing_status'
import { reviewsThisMonth } from '#actions/billing/plan_limits'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import { createPaymentValidator, verifyPaymentValidator } from '#validators/billing'
import { serializePlan } from '#serializers/plans'
import { BadRequestError, NotFoundError } from '#exceptions/app_errors'
import { PlanType } from '#lib/billing_enums'
import { FREE_PLAN_BUSINESS_LIMIT, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS } from '#lib/constants'

export default class BillingController {
  async trialStatus({ auth }: HttpContext) {
    return billingStatus(auth.getUserOrFail())
  }

  async usage({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const [status, businesses] = await Promise.all([
      billingStatus(user),
      Business.query().where('user_id', user.id).select('id'),
    ])
    const counts = await reviewsThisMonth(businesses.map(({ id }) => id))
    return {
      subscriptionPlan: status.subscriptionPlan,
      planType: status.planType,
      isLimited: status.isLimited,
      usage: {
        businesses: businesses.length,
        reviewsThisMonth: [...counts.values()].reduce((sum, n) => sum + n, 0),
        reviewsThisMonthByBusiness: Object.fromEntries(businesses.map(({ id }) => [id, counts.get(id) ?? 0])),
      },
      limits: status.isLimited
        ? { businesses: FREE_PLAN_BUSINESS_LIMIT, reviewsPerBusinessPerMonth: FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS }
        : { businesses: null, reviewsPerBusinessPerMonth: null },
    }
  }

  /** Public: landing, billing and terms read prices from here. The trial is not a plan one can buy. */
  async plans() {
    const plans = await SubscriptionPlan.query().where('is_active', true).orderBy('sort_order', 'asc')
    const monthly = plans.find((plan) => plan.planType === PlanType.Monthly)?.totalPrice ?? null
    return plans.filter((plan) => plan.planType !== PlanType.Trial).map((plan) => serializePlan(plan, monthly))
  }

  @inject()
  async razorpayConfig(_: HttpContext, gateway: RazorpayGateway) {
    return { keyId: gateway.keyId }
  }

  @inject()
  async createPayment({ auth, request }: HttpContext, startPurchase: StartPurchase) {
    const { planId } = await request.validateUsing(createPaymentValidator)
    return startPurchase.handle(auth.getUserOrFail(), planId)
  }

  /** Checkout's success handler posts here; the webhook may arrive first or later: the plan is granted once. */
  @inject()
  async verifyPayment({ auth, request }: HttpContext, gateway: RazorpayGateway, grantPlan: GrantPlan) {
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(verifyPaymentValidator)
    const payment = await Payment.query()
      .where('razorpay_order_id', input.razorpay_order_id)
      .where('user_id', user.id)
      .first()
    if (!payment) throw new NotFoundError('Payment not found')
    if (!gateway.isValidCheckoutSignature(payment.razorpayOrderId, input.razorpay_payment_id, input.razorpay_signature)) {
      throw new BadRequestError('Payment verification failed. If money was deducted, please contact support.')
    }
    await grantPlan.handle({ orderId: payment.razorpayOrderId, paymentId: input.razorpay_payment_id })
    return { success: true, ...(await billingStatus(user)) }
  }

  @inject()
  async cancel({ auth }: HttpContext, cancelSubscription: CancelSubscription) {
    const user = auth.getUserOrFail()
    await cancelSubscription.handle(user)
    return { success: true, ...(await billingStatus(user)) }
  }
}
