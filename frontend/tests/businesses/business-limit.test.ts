import { describe, expect, it } from 'vitest'
import { reachedBusinessLimit } from '../../src/lib/business-limit'
import { fixtures } from '../helpers'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'

const status = (overrides: Record<string, unknown> = {}) => fixtures.trialStatus(overrides) as TrialStatusDto
const expired = { isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true }
const now = new Date('2026-11-25T00:00:00.000Z')

describe('the add-business limit gate', () => {
  it('stops an owner with no paid plan and no trial who already has a business', () => {
    expect(reachedBusinessLimit(status(expired), 1, now)).toBe(true)
    expect(reachedBusinessLimit(status(expired), 3, now)).toBe(true)
  })

  it('lets that owner add their first business', () => {
    expect(reachedBusinessLimit(status(expired), 0, now)).toBe(false)
  })

  it('lets an owner on an active trial add more', () => {
    expect(reachedBusinessLimit(status({ trialDaysRemaining: 4 }), 5, now)).toBe(false)
  })

  it('lets a paid owner add more, also after cancelling while the period runs', () => {
    const paid = { ...expired, hasActivePaidSubscription: true, hasActiveSubscription: true, subscriptionPlan: 'pro', isLimited: false }
    expect(reachedBusinessLimit(status(paid), 5, now)).toBe(false)
    const cancelled = {
      ...expired,
      hasActiveSubscription: true,
      subscriptionStatus: 'cancelled',
      currentPeriodEnd: '2026-12-20T00:00:00.000Z',
    }
    expect(reachedBusinessLimit(status(cancelled), 5, now)).toBe(false)
  })

  it('stops an owner whose cancelled plan has ended', () => {
    const ended = { ...expired, subscriptionStatus: 'cancelled', currentPeriodEnd: '2026-11-01T00:00:00.000Z' }
    expect(reachedBusinessLimit(status(ended), 1, now)).toBe(true)
  })

  it('does not gate while the status is unknown (the server still refuses)', () => {
    expect(reachedBusinessLimit(undefined, 4, now)).toBe(false)
  })
})
