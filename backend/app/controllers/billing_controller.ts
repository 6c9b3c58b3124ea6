import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SubscriptionPlan from '#models/subscription_plan'
import Payment from '#models/payment'
import PaymentPolicy from '#policies/payment_policy'
import WorkspacePolicy from '#policies/workspace_policy'
import Workspace from '#models/workspace'
import { NotFoundError } from '#exceptions/app_errors'
import { WORKSPACE_NOT_FOUND } from '#workspaces/tenant'
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
  async trialStatus({ tenant, bouncer }: HttpContext, billingStatus: GetBillingStatus): Promise<TrialStatusDto> {
    await bouncer.with(WorkspacePolicy).authorize('viewPlan')
    return billingStatus.handle(tenant.member.workspace)
  }

  @inject()
  async usage({ tenant, bouncer }: HttpContext, getUsage: GetUsage): Promise<UsageDto> {
    await bouncer.with(WorkspacePolicy).authorize('viewPlan')
    return getUsage.handle(tenant.member)
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

  /**
   * `workspaceId` (optional): an agency's owner buying a plan for one of its clients; the agency pays and is
   * invoiced (docs/decisions.md D42). Any other workspace is a 404.
   */
  @inject()
  async createPayment({ tenant, bouncer, request }: HttpContext, startPurchase: StartPurchase): Promise<CreatePaymentResponse> {
    const { planId, workspaceId } = await request.validateUsing(createPaymentValidator)
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    const payer = tenant.member.workspace
    const target = workspaceId === undefined || workspaceId === payer.id ? payer : await Workspace.find(workspaceId)
    if (!target || (target !== payer && (payer.kind !== 'agency' || target.managedByWorkspaceId !== payer.id))) {
      throw new NotFoundError(WORKSPACE_NOT_FOUND)
    }
    return startPurchase.handle(tenant.member.user, target, payer, planId)
  }

  /** Checkout's success handler posts here; the webhook may arrive first or later: the plan is granted once. */
  @inject()
  async verifyPayment(
    { tenant, bouncer, request }: HttpContext,
    verifyPayment: VerifyPayment,
    billingStatus: GetBillingStatus
  ): Promise<BillingChangeResponse> {
    const input = await request.validateUsing(verifyPaymentValidator)
    const payment = await Payment.findBy('razorpay_order_id', input.razorpay_order_id)
    await bouncer.with(PaymentPolicy).authorize('view', payment)
    await verifyPayment.handle(payment!, input)
    // The state of the workspace the plan is for (the agency's client, when it bought one for it).
    const workspace = payment!.workspaceId === null ? tenant.member.workspace : await Workspace.findOrFail(payment!.workspaceId)
    return { success: true, ...(await billingStatus.handle(workspace)) }
  }

  /**
   * GET /api/billing/payments: the workspace's payments (with those it made for its clients, for an agency), newest
   * first, with their invoice, refund and credit note.
   */
  async payments({ tenant, bouncer }: HttpContext): Promise<PaymentHistoryDto[]> {
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    return paymentHistory(tenant.member.workspaceId)
  }

  @inject()
  async cancel(
    { tenant, bouncer }: HttpContext,
    cancelSubscription: CancelSubscription,
    billingStatus: GetBillingStatus
  ): Promise<BillingChangeResponse> {
    await bouncer.with(WorkspacePolicy).authorize('manageBilling')
    const { workspace, user } = tenant.member
    await cancelSubscription.handle(workspace, user)
    return { success: true, ...(await billingStatus.handle(workspace)) }
  }
}
