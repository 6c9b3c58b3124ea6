/*
 * What happens after a rating is accepted (spec 4): on phones the Google page opens in place; on desktop in a
 * new tab, and this tab goes to /thanks after 2 s; without a redirect, /thanks after 1.5 s.
 */
import type { ReviewLinkDto, SubmitReviewResponse } from '@reviewroute/backend/types/api'

export const DESKTOP_THANKS_DELAY_MS = 2000
export const THANKS_DELAY_MS = 1500
export const POSITIVE_RATING_MIN = 4
export const FEEDBACK_MAX_LENGTH = 2000

export type NextStep =
  | { kind: 'google-in-place'; url: string }
  | { kind: 'google-new-tab'; url: string; thanksAfterMs: number }
  | { kind: 'thanks'; thanksAfterMs: number }

export function nextStep(result: SubmitReviewResponse, mobile: boolean): NextStep {
  if (result.redirect && result.url) {
    return mobile
      ? { kind: 'google-in-place', url: result.url }
      : { kind: 'google-new-tab', url: result.url, thanksAfterMs: DESKTOP_THANKS_DELAY_MS }
  }
  return { kind: 'thanks', thanksAfterMs: THANKS_DELAY_MS }
}

/** Data the server inlines into the page (a JSON script element) so the rating screen paints at once. */
export interface InlinedReview {
  code: string
  link: ReviewLinkDto | null
  error?: string
}
