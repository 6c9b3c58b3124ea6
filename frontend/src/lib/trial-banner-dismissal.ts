/*
 * The trial banner's × is remembered (docs/screens.md#trial-banner): in localStorage, for this account's trial and
 * this day of it. The key names the trial by its end (`trialEndsAt`, one instant per account, and a new one when the
 * trial is changed), the value is the days left when it was closed. So the banner stays away on the next visit the
 * same day, comes back the next day (one day fewer left), and comes back for another account signed in on the
 * same browser. The first paint (first-paint/) reads the same, so a closed banner does not flash before the app.
 */
import type { TrialStatusDto } from '@reviewroute/backend/types/api'

export const TRIAL_BANNER_DISMISSED_KEY = 'reviewroute.trialBannerDismissed'

type Trial = Pick<TrialStatusDto, 'trialEndsAt' | 'trialDaysRemaining'>

const markOf = ({ trialEndsAt, trialDaysRemaining }: Trial) => `${trialEndsAt ?? ''}|${trialDaysRemaining}`

/** Whether the owner closed the banner on this day of this trial. No storage (private mode): never. */
export function isTrialBannerDismissed(trial: Trial) {
  try {
    return localStorage.getItem(TRIAL_BANNER_DISMISSED_KEY) === markOf(trial)
  } catch {
    return false
  }
}

/** Remembers the banner closed for this day of this trial (best effort: without storage it is closed for this visit only). */
export function dismissTrialBanner(trial: Trial) {
  try {
    localStorage.setItem(TRIAL_BANNER_DISMISSED_KEY, markOf(trial))
  } catch {
    // Storage full or blocked: the banner is still closed until the page is reloaded.
  }
}
