/*
 * What follows a tap (docs/decisions.md D31). A 4-5 always ends on Google: a phone shows "Taking you to Google…"
 * at once and goes there in place when the server answers, or after GOOGLE_WAIT_MS at the latest (the request is
 * sent with keepalive, so it still arrives after the page has left); a desktop opens Google in a new tab on the tap
 * itself (popup blockers allow a new tab only then) and this tab says where to finish, instead of the old /thanks
 * after 2 s. A 1-3 goes to /thanks as soon as its feedback is stored (no 1.5 s pause: nothing is shown meanwhile).
 */
import { indianMobileDigits } from '@reviewroute/backend/contract/phone'
import type { ReviewMessageKey } from '@reviewroute/backend/contract/review_messages/index'
import { ApiError, isLimitError } from '@reviewroute/web-shared/api'

export const GOOGLE_WAIT_MS = 2000

export interface FeedbackValues {
  feedback: string
  contactMe: boolean
  contactName: string
  contactPhone: string
}

/** Translated texts under the fields of the feedback form, as the server renders them. */
export interface FeedbackErrors {
  feedback?: string
  contactPhone?: string
  form?: string
}

export const EMPTY_FEEDBACK: FeedbackValues = { feedback: '', contactMe: false, contactName: '', contactPhone: '' }

/** The server's own rule (backend/contract/phone.ts): 10 digits starting 6-9, with +91, 0091, 91 or 0 in front, spaces, dashes. */
export const isIndianMobile = (input: string) => indianMobileDigits(input) !== null

/**
 * The last screen: the business by its code, in the page's language, and whether this rating was a repeat or, stored,
 * asked for a call-back (a repeat is not stored, nor its call-back).
 */
export function thanksPath(code: string, language: string, { counted, callback }: { counted: boolean; callback: boolean }) {
  const query = new URLSearchParams({ code, lang: language })
  if (!counted) query.set('already', '1')
  else if (callback) query.set('callback', '1')
  return `/thanks?${query}`
}

export type FeedbackFailure = { upgrade: true } | { field: keyof FeedbackErrors; key: ReviewMessageKey }

/** Which of the page's own texts a refused feedback shows (never the server's English sentence). */
export function feedbackFailure(failure: unknown): FeedbackFailure {
  if (isLimitError(failure)) return { upgrade: true }
  const status = failure instanceof ApiError ? failure.status : 0
  if (status === 429) return { field: 'form', key: 'tooManyRequests' }
  if (status === 422) {
    const fields = (failure as ApiError).body.errors?.map(({ field }) => field) ?? []
    if (fields.includes('contactPhone')) return { field: 'contactPhone', key: 'contactPhoneInvalid' }
    if (fields.includes('feedback')) return { field: 'feedback', key: 'feedbackTooLong' }
  }
  return { field: 'form', key: status === 0 ? 'submitFailed' : 'tryAgain' }
}
