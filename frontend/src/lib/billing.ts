/*
 * Billing and profile rules (docs/product-rules.md#trial, docs/product-rules.md, docs/decisions.md D8, D9): which subscription state an owner is in, the
 * colours of the trial and paid-plan countdowns, the Account Stats labels, and which toast a failed purchase
 * gives. Prices and savings come from the API; nothing here computes one.
 */
import type { PlanDto, TrialStatusDto } from '@reviewroute/backend/types/api'
import { ApiError } from '@reviewroute/web-shared/api'
import { tooManyRequestsText } from '@reviewroute/backend/contract/waiting'
import {
  ALREADY_SUBSCRIBED,
  ALREADY_SUBSCRIBED_TITLE,
  CANCELLED_BUT_ACTIVE,
  isPurchasablePlan,
  planDisplayName,
  TRIAL_DAYS,
} from '@reviewroute/backend/contract/product_rules'
import { hasPaidAccess, isTrialActive } from './access'
import { daysRemaining, formatDate } from './dates'

/** Profile trial bar: red at 2 or fewer days left, amber at 4 or fewer, blue otherwise (docs/product-rules.md#trial). */
export const TRIAL_RED_DAYS = 2
export const TRIAL_AMBER_DAYS = 4
/** 'Trial ending soon' prompt at 3 or fewer days left. */
export const TRIAL_ENDING_SOON_DAYS = 3
/** The paid plan's days remaining turn amber at 3 or fewer. */
export const PAID_AMBER_DAYS = 3

export const COLOURS = { red: '#dc2626', amber: '#d97706', blue: '#1d4ed8', green: '#16a34a' } as const

export const SUBSCRIPTION_CANCELLED =
  "Your subscription has been cancelled. You'll continue to have access until the end of your billing period."

/** Billing page query `source=signup` (docs/decisions.md D14) or the spec's `source=clerk` asks for the phone number. */
export const asksForPhone = (search: string) => ['signup', 'clerk'].includes(new URLSearchParams(search).get('source') ?? '')

/** The plans one can buy: the trial is never listed. */
export const purchasablePlans = (plans: PlanDto[] | undefined) => (plans ?? []).filter(isPurchasablePlan)

/** "/ month" or "for 6 months" after a plan's full price. */
export const pricePeriod = (months: number) => (months === 1 ? '/ month' : `for ${months} months`)

/** docs/decisions.md D9: a purchase lasts its months and does not renew: "valid for 6 months, until 22 May 2027". */
export function validityText(months: number, validUntil: string) {
  return `valid for ${months} ${months === 1 ? 'month' : 'months'}, until ${formatDate(validUntil)}`
}

/** Percent of the 7 trial days still left (the progress bars). */
export const trialPercent = (days: number) => Math.round((Math.min(Math.max(days, 0), TRIAL_DAYS) / TRIAL_DAYS) * 100)

export function trialColour(days: number) {
  if (days <= TRIAL_RED_DAYS) return COLOURS.red
  if (days <= TRIAL_AMBER_DAYS) return COLOURS.amber
  return COLOURS.blue
}

export const isTrialEndingSoon = (days: number) => days <= TRIAL_ENDING_SOON_DAYS

export const paidDaysColour = (days: number) => (days <= PAID_AMBER_DAYS ? COLOURS.amber : undefined)

export type SubscriptionState = 'trial' | 'paid' | 'cancelled' | 'none'

/**
 * Which Subscription Details the owner sees: a running paid plan, a cancelled one still running, an active
 * trial without a paid plan, or none of them.
 */
export function subscriptionState(status: TrialStatusDto, now = new Date()): SubscriptionState {
  if (hasPaidAccess(status, now)) return status.subscriptionStatus === 'cancelled' ? 'cancelled' : 'paid'
  if (isTrialActive(status, now)) return 'trial'
  return 'none'
}

/** Days left of the paid period (docs/product-rules.md#trial: ceiling to the end day, never below 0). */
export const paidDaysRemaining = (status: Pick<TrialStatusDto, 'currentPeriodEnd'>, now = new Date()) =>
  daysRemaining(status.currentPeriodEnd, now)

/** "Monthly Plan" from the status's plan name, or from its type when the name is missing. */
export function paidPlanLabel(status: Pick<TrialStatusDto, 'planName' | 'planType'>) {
  if (status.planName) return `${planDisplayName(status.planName)} Plan`
  const byType: Record<string, string> = { 'monthly': 'Monthly Plan', '6-month': '6 Months Plan', '12-month': '12 Months Plan' }
  return (status.planType && byType[status.planType]) || 'Pro Plan'
}

/** Account Stats: plan 'Free Trial' / 'Trial Expired' / the paid plan; status 'Pro Active' / 'Trial Active' / 'Needs Upgrade'. */
export function accountStats(status: TrialStatusDto, now = new Date()) {
  const state = subscriptionState(status, now)
  if (state === 'paid' || state === 'cancelled') return { plan: paidPlanLabel(status), status: 'Pro Active' }
  if (state === 'trial') return { plan: 'Free Trial', status: 'Trial Active' }
  return { plan: 'Trial Expired', status: 'Needs Upgrade' }
}

/** The plan toast for an owner with paid access who tries to buy again. */
export const alreadyHavePlanText = (status: TrialStatusDto) =>
  status.subscriptionStatus === 'cancelled' ? CANCELLED_BUT_ACTIVE : ALREADY_SUBSCRIBED

export const RATE_LIMITED = 'Rate limit exceeded. Please wait a moment and try again.'
/** A 429 without the server's sentence: how long to wait from its Retry-After (backend/contract/waiting.ts), when known. */
export const rateLimitedText = (error: ApiError) => (error.retryAfter === null ? RATE_LIMITED : tooManyRequestsText(error.retryAfter))
export const PAYMENT_ERROR = 'An unexpected error occurred. Please try again.'
export const NO_ORDER = 'No subscription ID received from server'

const serverSentence = (error: unknown) => (error instanceof ApiError && error.status !== 0 && error.message ? error.message : null)

/** The toast for a failed `POST /api/billing/create-payment` (docs/product-rules.md, docs/product-rules.md#errors). */
export function purchaseErrorToast(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.status === 429) {
    return { title: 'Please Wait', description: serverSentence(error) ?? rateLimitedText(error) }
  }
  if (error instanceof ApiError && error.status === 409) {
    return { title: ALREADY_SUBSCRIBED_TITLE, description: serverSentence(error) ?? ALREADY_SUBSCRIBED }
  }
  const message = serverSentence(error) ?? (error instanceof Error && !(error instanceof ApiError) ? error.message : null)
  return { title: 'Payment Error', description: message || PAYMENT_ERROR }
}
