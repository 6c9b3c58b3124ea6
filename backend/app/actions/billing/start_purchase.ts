import { inject } from '@adonisjs/core'
import type User from '#models/user'
import type Workspace from '#models/workspace'
import SubscriptionPlan from '#models/subscription_plan'
import Payment from '#models/payment'
import Subscription from '#models/subscription'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import BillingProfile from '#models/billing_profile'
import { ConflictError, FieldError, NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'
import { PaymentStatus, PlanType, SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'
import type { CreatePaymentResponse } from '#types/api'
import { ALREADY_SUBSCRIBED, ALREADY_SUBSCRIBED_TITLE, CANCELLED_BUT_ACTIVE, planDisplayName } from '#contract/product_rules'

export const BILLING_DETAILS_FIRST = 'Add your billing details (name, address and state) before you pay: they go on your tax invoice.'

/**
 * Opens a Razorpay Order for a plan's full price, read from the plan row (never from the client), and records
 * it. A paid plan already running (or cancelled but still running) refuses a new purchase (docs/decisions.md D9).
 */
@inject()
export default class StartPurchase {
  constructor(private gateway: RazorpayGateway) {}

  /**
   * `user` buys for `workspace`; `payer` pays and is invoiced: the workspace itself, or the agency that manages it
   * (docs/decisions.md D42).
   */
  async handle(user: User, workspace: Workspace, payer: Workspace, planId: number): Promise<CreatePaymentResponse> {
    // Before anything else: no other answer matters on a server that sells nothing (docs/decisions.md D59).
    this.gateway.assertConfigured()
    const plan = await SubscriptionPlan.query().where('id', planId).where('is_active', true).whereNot('plan_type', PlanType.Trial).first()
    if (!plan) throw new NotFoundError('That plan does not exist.')

    // Tax invoices need the buyer's name, address and state (docs/decisions.md D33).
    if (!(await BillingProfile.find(payer.id))) throw new FieldError('billingProfile', BILLING_DETAILS_FIRST)

    const current = await Subscription.currentFor(workspace.id)
    if (current) {
      const cancelled = current.status === SubscriptionStatus.Cancelled
      throw new ConflictError(cancelled ? CANCELLED_BUT_ACTIVE : ALREADY_SUBSCRIBED, { title: ALREADY_SUBSCRIBED_TITLE })
    }

    const keyId = this.gateway.keyId
    const order = await this.gateway.createOrder({
      amount: plan.totalPrice,
      receipt: `rr_${user.id}_${Date.now()}`,
      notes: { userId: String(user.id), workspaceId: String(workspace.id), planId: String(plan.id), planType: plan.planType },
    })
    if (!order?.id) throw new ServiceUnavailableError('No subscription ID received from server')

    await Payment.create({
      userId: user.id,
      workspaceId: workspace.id,
      paidByWorkspaceId: payer.id,
      planId: plan.id,
      razorpayOrderId: order.id,
      amount: plan.totalPrice,
      currency: 'INR',
      status: PaymentStatus.Created,
    })

    const months = plan.durationMonths
    return {
      orderId: order.id,
      amount: plan.totalPrice,
      currency: 'INR',
      keyId,
      planName: planDisplayName(plan.name),
      durationMonths: months,
      validUntil: clock.now().plus({ months }).toISO()!,
      description: `${planDisplayName(plan.name)} Plan - ${months} ${months === 1 ? 'month' : 'months'}`,
      customerDetails: {
        name: [user.firstName, user.lastName].filter(Boolean).join(' '),
        email: user.email,
        contact: user.phone ?? '',
      },
    }
  }
}
