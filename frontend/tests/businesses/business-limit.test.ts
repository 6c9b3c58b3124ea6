import { describe, expect, it } from 'vitest'
import { reachedBusinessLimit } from '#lib/business-limit'
import { fixtures } from '../helpers'

const limited = fixtures.trialStatus({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true })

describe('the add-business limit gate', () => {
  it('stops an owner the server calls limited who already has a business', () => {
    expect(reachedBusinessLimit(limited, 1)).toBe(true)
    expect(reachedBusinessLimit(limited, 3)).toBe(true)
  })

  it('lets that owner add their first business', () => {
    expect(reachedBusinessLimit(limited, 0)).toBe(false)
  })

  it('lets an owner who is not limited (trial, paid or cancelled plan still running) add more', () => {
    expect(reachedBusinessLimit(fixtures.trialStatus(), 5)).toBe(false)
    expect(reachedBusinessLimit({ ...limited, isLimited: false }, 5)).toBe(false)
  })

  it('does not gate while the status is unknown (the server still refuses)', () => {
    expect(reachedBusinessLimit(undefined, 4)).toBe(false)
  })
})
