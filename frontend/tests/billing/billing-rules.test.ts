import { describe, expect, it } from 'vitest'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { ApiError } from '@reviewroute/web-shared/api'
import {
  ALREADY_SUBSCRIBED,
  ALREADY_SUBSCRIBED_TITLE,
  CANCELLED_BUT_ACTIVE,
  planDisplayName,
} from '@reviewroute/backend/contract/product_rules'
import {
  accountStats,
  alreadyHavePlanText,
  asksForPhone,
  COLOURS,
  isTrialEndingSoon,
  paidDaysColour,
  paidDaysRemaining,
  paidPlanLabel,
  pricePeriod,
  purchasablePlans,
  purchaseErrorToast,
  subscriptionState,
  trialColour,
  trialPercent,
  validityText,
} from '#lib/billing'
import { fixtures } from '../helpers'

const NOW = new Date('2026-11-22T06:00:00Z')
const status = fixtures.trialStatus
const paid = (overrides: Partial<TrialStatusDto> = {}) =>
  status({
    hasActivePaidSubscription: true,
    hasActiveSubscription: true,
    isTrialActive: false,
    trialStatus: 'expired',
    trialDaysRemaining: 0,
    subscriptionPlan: 'pro',
    planType: 'monthly',
    planName: 'Monthly Pro Plan',
    subscriptionStatus: 'active',
    currentPeriodEnd: '2026-12-22T06:00:00.000Z',
    ...overrides,
  })
const cancelled = (end = '2026-12-22T06:00:00.000Z') =>
  paid({ hasActivePaidSubscription: false, subscriptionStatus: 'cancelled', currentPeriodEnd: end })
const expired = () => status({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0 })

describe('subscription state (docs/product-rules.md#trial)', () => {
  it('is trial while days remain and there is no paid plan', () => {
    expect(subscriptionState(status({ trialDaysRemaining: 3 }), NOW)).toBe('trial')
  })

  it('is paid with an active paid subscription, even if trial days remain', () => {
    expect(subscriptionState(paid({ trialDaysRemaining: 4, trialStatus: 'active' }), NOW)).toBe('paid')
  })

  it('is cancelled while a cancelled plan still runs, and none once its period ended', () => {
    expect(subscriptionState(cancelled(), NOW)).toBe('cancelled')
    expect(subscriptionState(cancelled('2026-11-21T00:00:00.000Z'), NOW)).toBe('none')
  })

  it('is none when the trial expired without a plan', () => {
    expect(subscriptionState(expired(), NOW)).toBe('none')
    expect(subscriptionState(status({ trialDaysRemaining: 0 }), NOW)).toBe('none')
  })
})

describe('countdown colours', () => {
  it('trial bar: red at 2 or fewer days, amber at 4 or fewer, blue otherwise', () => {
    expect([0, 1, 2].map(trialColour)).toEqual([COLOURS.red, COLOURS.red, COLOURS.red])
    expect([3, 4].map(trialColour)).toEqual([COLOURS.amber, COLOURS.amber])
    expect([5, 7].map(trialColour)).toEqual([COLOURS.blue, COLOURS.blue])
  })

  it("'Trial ending soon' at 3 or fewer days", () => {
    expect(isTrialEndingSoon(3)).toBe(true)
    expect(isTrialEndingSoon(4)).toBe(false)
  })

  it('paid days turn amber at 3 or fewer', () => {
    expect(paidDaysColour(3)).toBe(COLOURS.amber)
    expect(paidDaysColour(4)).toBeUndefined()
  })

  it('trial progress is the share of 7 days left, clamped', () => {
    expect(trialPercent(7)).toBe(100)
    expect(trialPercent(2)).toBe(29)
    expect(trialPercent(-1)).toBe(0)
    expect(trialPercent(9)).toBe(100)
  })

  it('paid days remaining count to the end day, 0 when missing', () => {
    expect(paidDaysRemaining({ currentPeriodEnd: '2026-11-25T18:00:00.000Z' }, NOW)).toBe(3)
    expect(paidDaysRemaining({ currentPeriodEnd: null }, NOW)).toBe(0)
  })
})

describe('account stats labels', () => {
  it('reads Free Trial / Trial Active during the trial', () => {
    expect(accountStats(status(), NOW)).toEqual({ plan: 'Free Trial', status: 'Trial Active' })
  })

  it('reads Trial Expired / Needs Upgrade without trial or plan', () => {
    expect(accountStats(expired(), NOW)).toEqual({ plan: 'Trial Expired', status: 'Needs Upgrade' })
  })

  it('reads the paid plan / Pro Active with a plan, cancelled or not', () => {
    expect(accountStats(paid({ planName: '6 Months Pro Plan' }), NOW)).toEqual({ plan: '6 Months Plan', status: 'Pro Active' })
    expect(accountStats(cancelled(), NOW).status).toBe('Pro Active')
  })

  it('names the plan from its type when the name is missing', () => {
    expect(paidPlanLabel({ planName: null, planType: '12-month' })).toBe('12 Months Plan')
    expect(paidPlanLabel({ planName: null, planType: null })).toBe('Pro Plan')
  })
})

describe('plans', () => {
  const plan = (id: number, planType: string, name: string) => ({ id, planType, name }) as never

  it("hides the trial and strips ' Pro Plan' from names", () => {
    const list = purchasablePlans([plan(1, 'trial', 'Free Trial'), plan(2, 'monthly', 'Monthly Pro Plan')])
    expect(list.map((p) => p.id)).toEqual([2])
    expect(planDisplayName('Monthly Pro Plan')).toBe('Monthly')
    expect(planDisplayName('Pro Plan Extra')).toBe('Pro Plan Extra')
  })

  it('says what a price covers', () => {
    expect(pricePeriod(1)).toBe('/ month')
    expect(pricePeriod(6)).toBe('for 6 months')
  })

  it('states the validity without renewal (docs/decisions.md D9)', () => {
    expect(validityText(6, '2027-05-22T06:00:00.000Z')).toBe('valid for 6 months, until 22 May 2027')
    expect(validityText(1, '2026-12-22T06:00:00.000Z')).toBe('valid for 1 month, until 22 Dec 2026')
  })
})

describe('purchase errors (docs/product-rules.md, docs/product-rules.md#errors)', () => {
  it('429 → Please Wait with the server sentence, else the spec default', () => {
    expect(purchaseErrorToast(new ApiError(429, 'Slow down please.'))).toEqual({ title: 'Please Wait', description: 'Slow down please.' })
    expect(purchaseErrorToast(new ApiError(429, ''))).toEqual({
      title: 'Please Wait',
      description: 'Rate limit exceeded. Please wait a moment and try again.',
    })
  })

  it('409 → Already Subscribed with the server text', () => {
    expect(purchaseErrorToast(new ApiError(409, CANCELLED_BUT_ACTIVE))).toEqual({
      title: ALREADY_SUBSCRIBED_TITLE,
      description: CANCELLED_BUT_ACTIVE,
    })
  })

  it('anything else → Payment Error with the server sentence or the default', () => {
    expect(purchaseErrorToast(new ApiError(503, 'Razorpay is down.'))).toEqual({ title: 'Payment Error', description: 'Razorpay is down.' })
    expect(purchaseErrorToast(new ApiError(0, 'offline'))).toEqual({
      title: 'Payment Error',
      description: 'An unexpected error occurred. Please try again.',
    })
  })

  it('picks the already-have-a-plan text by subscription status', () => {
    expect(alreadyHavePlanText(paid())).toBe(ALREADY_SUBSCRIBED)
    expect(alreadyHavePlanText(cancelled())).toBe(CANCELLED_BUT_ACTIVE)
  })
})

describe('phone prompt', () => {
  it('asks with source=signup or source=clerk only', () => {
    expect(asksForPhone('?source=signup')).toBe(true)
    expect(asksForPhone('?source=clerk&x=1')).toBe(true)
    expect(asksForPhone('?source=landing')).toBe(false)
    expect(asksForPhone('')).toBe(false)
  })
})
