/** Plans and statuses in the API's shapes for the billing and profile screens. */
import type { CreatePaymentResponse, PlanDto, TrialStatusDto } from '@reviewroute/backend/types/api'
import { fixtures, type Routes } from '../helpers'

const FEATURES = ['Unlimited businesses', 'Unlimited reviews', 'Full analytics']

export const plans = [
  {
    id: 1,
    name: 'Free Trial',
    planType: 'trial',
    totalPrice: 0,
    currency: 'INR',
    durationMonths: 0,
    pricePerMonth: 0,
    features: ['No card needed'],
    tag: null,
    savings: null,
  },
  {
    id: 2,
    name: 'Monthly Pro Plan',
    planType: 'monthly',
    totalPrice: 49_900,
    currency: 'INR',
    durationMonths: 1,
    pricePerMonth: 49_900,
    features: FEATURES,
    tag: 'Most Popular',
    savings: null,
  },
  // Savings deliberately not what the screen could compute: they must be shown as the API sends them.
  {
    id: 3,
    name: '6 Months Pro Plan',
    planType: '6-month',
    totalPrice: 249_900,
    currency: 'INR',
    durationMonths: 6,
    pricePerMonth: 41_650,
    features: FEATURES,
    tag: null,
    savings: { amount: 49_500, percent: 17, fullPrice: 299_400 },
  },
  {
    id: 4,
    name: '12 Months Pro Plan',
    planType: '12-month',
    totalPrice: 449_900,
    currency: 'INR',
    durationMonths: 12,
    pricePerMonth: 37_492,
    features: FEATURES,
    tag: 'Best Value',
    savings: { amount: 148_900, percent: 33, fullPrice: 598_800 },
  },
] satisfies PlanDto[]

/** A date `days` from now, so paid periods stay in the future whenever the tests run. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

export const paidStatus = (overrides: Partial<TrialStatusDto> = {}) =>
  fixtures.trialStatus({
    hasActivePaidSubscription: true,
    hasActiveSubscription: true,
    isTrialActive: false,
    trialStatus: 'expired',
    trialDaysRemaining: 0,
    subscriptionPlan: 'pro',
    planType: '6-month',
    planName: '6 Months Pro Plan',
    subscriptionStatus: 'active',
    currentPeriodEnd: inDays(40),
    ...overrides,
  })

export const cancelledStatus = (overrides: Partial<TrialStatusDto> = {}) =>
  paidStatus({ hasActivePaidSubscription: false, subscriptionStatus: 'cancelled', ...overrides })

export const expiredStatus = () =>
  fixtures.trialStatus({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true })

export const order = {
  orderId: 'order_Test123',
  amount: 249_900,
  currency: 'INR',
  keyId: 'rzp_test_key',
  planName: '6 Months',
  durationMonths: 6,
  validUntil: '2027-05-22T06:00:00.000Z',
  description: '6 Months Plan - 6 months',
  customerDetails: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919876543210' },
} satisfies CreatePaymentResponse

/** What every billing screen reads first (the owner, the trial status, the plans), with `routes` added or instead. */
export const billingApi = (routes: Routes = {}): Routes => ({
  'GET /api/auth/user': fixtures.user,
  'GET /api/billing/trial-status': fixtures.trialStatus(),
  'GET /api/billing/subscription-plans': plans,
  ...routes,
})
