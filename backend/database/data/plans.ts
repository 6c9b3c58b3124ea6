/*
 * The one source of plan prices (docs/decisions.md D8). Landing, billing, terms and checkout all read the
 * subscription_plans table seeded from this list; savings are computed, never typed.
 */
import { PlanType } from '#lib/billing_enums'

const PRO_FEATURES = [
  'Unlimited businesses',
  'Unlimited customer reviews',
  'Your review page, with your routing choice and a private feedback inbox',
  'Branded QR code posters',
  'Analytics and feedback inbox',
  'Priority chat support',
]

export const PLANS = [
  {
    planType: PlanType.Trial,
    name: 'Free Trial',
    totalPrice: 0,
    durationMonths: 0,
    durationDays: 7,
    features: ['All Pro features for 7 days', 'No card needed'],
    tag: null,
    sortOrder: 0,
  },
  {
    planType: PlanType.Monthly,
    name: 'Monthly Pro Plan',
    totalPrice: 49_900,
    durationMonths: 1,
    durationDays: 0,
    features: PRO_FEATURES,
    tag: 'Most Popular',
    sortOrder: 1,
  },
  {
    planType: PlanType.SixMonth,
    name: '6 Months Pro Plan',
    totalPrice: 249_900,
    durationMonths: 6,
    durationDays: 0,
    features: PRO_FEATURES,
    tag: null,
    sortOrder: 2,
  },
  {
    planType: PlanType.TwelveMonth,
    name: '12 Months Pro Plan',
    totalPrice: 449_900,
    durationMonths: 12,
    durationDays: 0,
    features: PRO_FEATURES,
    tag: 'Best Value',
    sortOrder: 3,
  },
] as const
