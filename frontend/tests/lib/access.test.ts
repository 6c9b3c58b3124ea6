import { describe, expect, it } from 'vitest'
import { hasPaidAccess, isAllowedWhenLocked, isTrialActive, isTrialUrgent, showsTrialBanner, trialBannerText } from '#lib/access'
import { fixtures } from '../helpers'

const NOW = new Date('2026-11-21T10:00:00.000Z')
const status = fixtures.trialStatus
const expiredTrial = { isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0 } as const
const paid = {
  hasActivePaidSubscription: true,
  hasActiveSubscription: true,
  subscriptionPlan: 'pro',
  subscriptionStatus: 'active',
  isTrialActive: false,
} as const

describe('hasPaidAccess (docs/product-rules.md#trial)', () => {
  it('is true with an active paid subscription', () => {
    expect(hasPaidAccess(status(paid), NOW)).toBe(true)
  })

  it('is true for a cancelled plan whose period ends in the future', () => {
    expect(hasPaidAccess(status({ subscriptionStatus: 'cancelled', currentPeriodEnd: '2026-12-01T00:00:00.000Z' }), NOW)).toBe(true)
  })

  it('is false for a cancelled plan whose period has ended', () => {
    expect(hasPaidAccess(status({ subscriptionStatus: 'cancelled', currentPeriodEnd: '2026-11-20T00:00:00.000Z' }), NOW)).toBe(false)
  })

  it('is false for a cancelled plan without a valid end', () => {
    expect(hasPaidAccess(status({ subscriptionStatus: 'cancelled', currentPeriodEnd: null }), NOW)).toBe(false)
    expect(hasPaidAccess(status({ subscriptionStatus: 'cancelled', currentPeriodEnd: 'nope' }), NOW)).toBe(false)
  })

  it('a future period end without the cancelled status is not paid access by itself', () => {
    expect(hasPaidAccess(status({ subscriptionStatus: 'expired', currentPeriodEnd: '2026-12-01T00:00:00.000Z' }), NOW)).toBe(false)
  })

  it('is false during a trial', () => {
    expect(hasPaidAccess(status(), NOW)).toBe(false)
  })
})

describe('isTrialActive', () => {
  it('active with days left and no paid plan', () => {
    expect(isTrialActive(status({ trialDaysRemaining: 1 }), NOW)).toBe(true)
  })

  it('not active at 0 days, when expired, or with a paid plan', () => {
    expect(isTrialActive(status({ trialDaysRemaining: 0 }), NOW)).toBe(false)
    expect(isTrialActive(status(expiredTrial), NOW)).toBe(false)
    expect(isTrialActive(status({ ...paid, trialStatus: 'active', trialDaysRemaining: 4 }), NOW)).toBe(false)
  })
})

describe('isAllowedWhenLocked: /billing, /profile, /help, /privacy, /terms, the team, clients and brand, and below', () => {
  it.each([
    '/billing',
    '/profile',
    '/help',
    '/privacy',
    '/terms',
    '/billing/history',
    '/help/faq',
    '/dashboard/team',
    '/dashboard/clients',
    '/dashboard/brand',
  ])('allows %s', (path) => {
    expect(isAllowedWhenLocked(path)).toBe(true)
  })

  it.each(['/dashboard', '/feedbacks', '/dashboard/settings', '/business/7', '/billingx', '/profiles', '/'])('refuses %s', (path) => {
    expect(isAllowedWhenLocked(path)).toBe(false)
  })
})

describe('trial banner rules', () => {
  it('shows only while trialStatus is active', () => {
    expect(showsTrialBanner(status({ trialStatus: 'active' }))).toBe(true)
    expect(showsTrialBanner(status(expiredTrial))).toBe(false)
  })

  it('does not show for an owner with a paid plan', () => {
    expect(showsTrialBanner(status({ ...paid, trialStatus: 'active' }))).toBe(false)
  })

  it('is urgent at 3 or fewer days', () => {
    expect(isTrialUrgent(4)).toBe(false)
    expect(isTrialUrgent(3)).toBe(true)
    expect(isTrialUrgent(1)).toBe(true)
  })

  it('says "Last day" at 1 day, the number of days otherwise', () => {
    expect(trialBannerText(1)).toBe('Last day of your free trial')
    expect(trialBannerText(2)).toBe('2 days left in your free trial')
    expect(trialBannerText(7)).toBe('7 days left in your free trial')
  })
})
