import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import Subscription from '#models/subscription'
import { clock } from '#lib/clock'
import { SubscriptionStatus } from '#lib/billing_enums'

/** Whole days from `now` until `end`, rounded up, never below 0; 0 for a missing or invalid date (spec 4). */
export function daysRemaining(end: DateTime | null | undefined, now: DateTime): number {
  if (!end || !end.isValid) return 0
  return Math.max(0, Math.ceil(end.diff(now, 'days').days))
}

/** The subscription that grants access now: active, or cancelled with its period still running. */
export function currentSubscription(userId: number, now = clock.now(), client?: TransactionClientContract) {
  return Subscription.query({ client })
    .where('user_id', userId)
    .whereIn('status', [SubscriptionStatus.Active, SubscriptionStatus.Cancelled])
    .where('current_period_end', '>', now.toJSDate())
    .orderBy('current_period_end', 'desc')
    .first()
}

/**
 * Trial and subscription state exactly as spec section 4 computes it. `isLimited` is the free state of
 * DECISIONS 6: no paid access and no running trial.
 */
export async function billingStatus(user: User) {
  const now = clock.now()
  const subscription = await currentSubscription(user.id, now)
  if (subscription) await subscription.load('plan')
  const hasActiveSubscription = subscription !== null
  const hasActivePaidSubscription = subscription?.status === SubscriptionStatus.Active
  const trialDaysRemaining = daysRemaining(user.trialEndsAt, now)
  const isTrialActive = trialDaysRemaining > 0 && !hasActiveSubscription

  return {
    hasActivePaidSubscription,
    hasActiveSubscription,
    isTrialActive,
    trialStatus: isTrialActive ? ('active' as const) : ('expired' as const),
    trialDaysRemaining,
    trialEndsAt: user.trialEndsAt?.toISO() ?? null,
    subscriptionPlan: hasActiveSubscription ? ('pro' as const) : ('trial' as const),
    planType: subscription?.plan.planType ?? null,
    planName: subscription?.plan.name ?? null,
    subscriptionStatus: subscription?.status ?? null,
    currentPeriodEnd: subscription?.currentPeriodEnd.toISO() ?? null,
    daysRemaining: hasActiveSubscription ? daysRemaining(subscription.currentPeriodEnd, now) : trialDaysRemaining,
    isLimited: !hasActiveSubscription && !isTrialActive,
  }
}

export type BillingStatus = Awaited<ReturnType<typeof billingStatus>>
