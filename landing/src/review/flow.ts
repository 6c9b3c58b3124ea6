/*
 * What happens after a rating is accepted (docs/product-rules.md#trial): on phones the Google page opens in place; on desktop in a
 * new tab, and this tab goes to /thanks after 2 s; without a redirect, /thanks after 1.5 s.
 */
import type { SubmitReviewResponse } from '@reviewroute/backend/types/api'

export const DESKTOP_THANKS_DELAY_MS = 2000
export const THANKS_DELAY_MS = 1500

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
