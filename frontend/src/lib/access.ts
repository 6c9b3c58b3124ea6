/*
 * Trial and access display rules (docs/product-rules.md#trial, docs/decisions.md D8): where a locked owner may go, which banner shows, and in
 * which colour. Whether the dashboard is locked is the server's `isLocked` (the free plan closes it only in the workspace
 * made with the account, once its trial is over), never recomputed here.
 */
import type { TrialStatusDto, WorkspaceDto } from '@reviewroute/backend/types/api'
import { LOCK_ALLOWED_PATHS, TRIAL_URGENT_DAYS } from '#config/constants'

type Status = Pick<
  TrialStatusDto,
  'hasActivePaidSubscription' | 'trialStatus' | 'trialDaysRemaining' | 'subscriptionStatus' | 'currentPeriodEnd'
>

/** Paid access: an active paid plan, or a cancelled one whose period has not ended yet. */
export function hasPaidAccess(status: Status, now = new Date()) {
  if (status.hasActivePaidSubscription) return true
  if (status.subscriptionStatus !== 'cancelled' || !status.currentPeriodEnd) return false
  const end = new Date(status.currentPeriodEnd).getTime()
  return Number.isFinite(end) && end > now.getTime()
}

/** Trial active when days remain and no paid plan; expired when the status says so or no days remain. */
export function isTrialActive(status: Status, now = new Date()) {
  return !hasPaidAccess(status, now) && status.trialStatus === 'active' && status.trialDaysRemaining > 0
}

/** Whether a locked owner may stay on `pathname`. */
export function isAllowedWhenLocked(pathname: string) {
  return LOCK_ALLOWED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

/** The trial banner shows only while the trial is active. */
export const showsTrialBanner = (status: Status) => status.trialStatus === 'active' && !hasPaidAccess(status)

/**
 * Whether the trial is sold in this workspace (docs/decisions.md D57): not in the empty personal workspace of someone
 * who works in another one. An invitee came to join a team; every account has a personal workspace, and its trial
 * speaks again once they add a business of their own.
 */
export function sellsTrial(
  status: Pick<TrialStatusDto, 'freePlan'>,
  current: Pick<WorkspaceDto, 'id' | 'kind'> | null,
  workspaces: Pick<WorkspaceDto, 'id'>[]
) {
  const empty = status.freePlan.keepsWorking === null
  return !(current?.kind === 'personal' && empty && workspaces.some((workspace) => workspace.id !== current.id))
}

/** Red/orange at 3 or fewer days left. */
export const isTrialUrgent = (days: number) => days <= TRIAL_URGENT_DAYS

/** The banner's sentence: 'Last day' at 1 day. */
export function trialBannerText(days: number) {
  if (days <= 1) return 'Last day of your free trial'
  return `${days} days left in your free trial`
}
