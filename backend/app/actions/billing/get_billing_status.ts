import { inject } from '@adonisjs/core'
import User from '#models/user'
import type Workspace from '#models/workspace'
import Subscription from '#models/subscription'
import Business from '#models/business'
import { clock } from '#lib/clock'
import { daysRemaining } from '#lib/time'
import { SubscriptionStatus } from '#lib/billing_enums'
import { RazorpayGateway } from '#services/payments/razorpay_gateway'
import type { FreePlanBusinessesDto, TrialStatusDto } from '#types/api'

/**
 * A workspace's trial and subscription state (docs/product-rules.md#trial). `isLimited` is the free plan: no
 * paid access and no running trial; the front ends show it and never work it out themselves. Only a personal
 * workspace has a trial, its creator's (docs/decisions.md D42), and only there does the free plan close the dashboard
 * (`isLocked`): the other workspaces start on the free plan and use it within its limits (D57). `paymentsConfigured`:
 * whether this server can sell a plan at all (Razorpay's keys, docs/decisions.md D59).
 */
@inject()
export default class GetBillingStatus {
  constructor(private gateway: RazorpayGateway) {}

  async handle(workspace: Workspace): Promise<TrialStatusDto> {
    const now = clock.now()
    const [subscription, freePlan, trialEndsAt] = await Promise.all([
      Subscription.currentFor(workspace.id, now),
      GetBillingStatus.freePlan(workspace.id),
      GetBillingStatus.trialEndsAt(workspace),
    ])
    if (subscription) await subscription.load('plan')
    const hasActiveSubscription = subscription !== null
    const trialDaysRemaining = daysRemaining(trialEndsAt, now)
    const isTrialActive = trialDaysRemaining > 0 && !hasActiveSubscription
    const isLimited = !hasActiveSubscription && !isTrialActive

    return {
      hasActivePaidSubscription: subscription?.status === SubscriptionStatus.Active,
      hasActiveSubscription,
      isTrialActive,
      trialStatus: isTrialActive ? 'active' : 'expired',
      trialDaysRemaining,
      trialEndsAt: trialEndsAt?.toISO() ?? null,
      subscriptionPlan: hasActiveSubscription ? 'pro' : 'trial',
      planType: subscription?.plan.planType ?? null,
      planName: subscription?.plan.name ?? null,
      subscriptionStatus: subscription?.status ?? null,
      currentPeriodEnd: subscription?.currentPeriodEnd.toISO() ?? null,
      daysRemaining: hasActiveSubscription ? daysRemaining(subscription.currentPeriodEnd, now) : trialDaysRemaining,
      isLimited,
      isLocked: isLimited && workspace.kind === 'personal',
      freePlan,
      paymentsConfigured: this.gateway.isConfigured,
    }
  }

  /** When the workspace's trial ends: a personal workspace's is its creator's; the others have none. */
  static async trialEndsAt(workspace: Workspace) {
    if (workspace.kind !== 'personal' || workspace.createdByUserId === null) return null
    const creator = await User.query().where('id', workspace.createdByUserId).select('id', 'trial_ends_at').first()
    return creator?.trialEndsAt ?? null
  }

  /** The workspace's oldest business keeps working without a paid plan, the others pause (check_review_allowance.ts). */
  static async freePlan(workspaceId: number): Promise<FreePlanBusinessesDto> {
    const [oldest, ...others] = await Business.oldestFirstOf(workspaceId).select('id', 'name')
    return {
      keepsWorking: oldest ? { id: oldest.id, name: oldest.name } : null,
      paused: others.map(({ id, name }) => ({ id, name })),
    }
  }

  /** When the workspace's unlimited access (paid period or trial) ends; null when it is on the free plan. */
  static async unlimitedUntil(workspace: Workspace) {
    const subscription = await Subscription.currentFor(workspace.id)
    if (subscription) return subscription.currentPeriodEnd
    const trialEndsAt = await GetBillingStatus.trialEndsAt(workspace)
    return trialEndsAt && trialEndsAt.toMillis() > clock.nowMs() ? trialEndsAt : null
  }
}
