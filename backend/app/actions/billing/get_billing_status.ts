import type User from '#models/user'
import Subscription from '#models/subscription'
import Business from '#models/business'
import { clock } from '#lib/clock'
import { daysRemaining } from '#lib/time'
import { SubscriptionStatus } from '#lib/billing_enums'
import type { FreePlanBusinessesDto, TrialStatusDto } from '#types/api'

/**
 * The owner's trial and subscription state (docs/product-rules.md#trial). `isLimited` is the free plan: no
 * paid access and no running trial; the front ends show it and never work it out themselves.
 */
export default class GetBillingStatus {
  async handle(user: User): Promise<TrialStatusDto> {
    const now = clock.now()
    const [subscription, freePlan] = await Promise.all([Subscription.currentFor(user.id, now), GetBillingStatus.freePlan(user)])
    if (subscription) await subscription.load('plan')
    const hasActiveSubscription = subscription !== null
    const trialDaysRemaining = daysRemaining(user.trialEndsAt, now)
    const isTrialActive = trialDaysRemaining > 0 && !hasActiveSubscription

    return {
      hasActivePaidSubscription: subscription?.status === SubscriptionStatus.Active,
      hasActiveSubscription,
      isTrialActive,
      trialStatus: isTrialActive ? 'active' : 'expired',
      trialDaysRemaining,
      trialEndsAt: user.trialEndsAt?.toISO() ?? null,
      subscriptionPlan: hasActiveSubscription ? 'pro' : 'trial',
      planType: subscription?.plan.planType ?? null,
      planName: subscription?.plan.name ?? null,
      subscriptionStatus: subscription?.status ?? null,
      currentPeriodEnd: subscription?.currentPeriodEnd.toISO() ?? null,
      daysRemaining: hasActiveSubscription ? daysRemaining(subscription.currentPeriodEnd, now) : trialDaysRemaining,
      isLimited: !hasActiveSubscription && !isTrialActive,
      freePlan,
    }
  }

  /** The owner's oldest business keeps working without a paid plan, the others pause (check_review_allowance.ts). */
  static async freePlan(user: User): Promise<FreePlanBusinessesDto> {
    const [oldest, ...others] = await Business.oldestFirstOf(user.id).select('id', 'name')
    return {
      keepsWorking: oldest ? { id: oldest.id, name: oldest.name } : null,
      paused: others.map(({ id, name }) => ({ id, name })),
    }
  }

  /** When the owner's unlimited access (paid period or trial) ends; null when they are on the free plan. */
  static async unlimitedUntil(user: User) {
    const subscription = await Subscription.currentFor(user.id)
    if (subscription) return subscription.currentPeriodEnd
    return user.trialEndsAt && user.trialEndsAt.toMillis() > clock.nowMs() ? user.trialEndsAt : null
  }
}
