/*
 * The add-business limit gate (spec 4 and 6, DECISIONS 6): an owner with no paid plan and no running trial
 * keeps FREE_BUSINESSES business; asking to add another shows 'Business Limit Reached' instead of the search.
 */
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { FREE_BUSINESSES } from '../config/constants'
import { hasPaidAccess, isTrialActive } from './access'

/** Without a status (still loading, or the call failed) the form shows; the server still refuses a second one. */
export function reachedBusinessLimit(status: TrialStatusDto | undefined, businessCount: number, now = new Date()) {
  if (!status) return false
  if (status.hasActiveSubscription || hasPaidAccess(status, now) || isTrialActive(status, now)) return false
  return businessCount >= FREE_BUSINESSES
}
