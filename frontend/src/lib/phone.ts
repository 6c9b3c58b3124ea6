/*
 * The owner's mobile number as its fields take it (docs/product-rules.md#accounts-and-tokens): digits only (anything
 * else is dropped as it is typed), at most 10, a mobile (first digit 6-9) to submit, sent with the '+91' prefix. A
 * number pasted in one of the usual Indian forms keeps its own 10 digits. The rule is the server's own
 * (backend/contract/phone.ts), so the field and the API never disagree.
 */
import {
  couldBeMobile,
  MOBILE_START_MESSAGE,
  mobileNumberProblem,
  normalizeIndianPhone,
  PHONE_LENGTH_MESSAGE,
} from '@reviewroute/backend/contract/phone'
import { PHONE_DIGITS, PHONE_PREFIX } from '#config/constants'

export { formatIndianMobile, mobileNumberProblem } from '@reviewroute/backend/contract/phone'
export const PHONE_LENGTH_ERROR = PHONE_LENGTH_MESSAGE
export const PHONE_SAVE_FAILED = 'Failed to save phone number'

/** A '+91' or '0091' country code, or a trunk '0', in front of what was typed (after spaces, dashes and brackets). */
const INDIAN_PREFIX = /^(?:\+91|0091|0+)/

/**
 * What the field keeps of what was typed or pasted: the 10 digits of a whole Indian number ('+91 98765 43210',
 * '0091…', '0…', '91…'); else the digits after any such prefix, cut at 10.
 */
export function phoneDigits(typed: string) {
  const whole = normalizeIndianPhone(typed)
  if (whole) return whole.slice(PHONE_PREFIX.length)
  return typed
    .replace(/[\s\-().]/g, '')
    .replace(INDIAN_PREFIX, '')
    .replace(/\D/g, '')
    .slice(0, PHONE_DIGITS)
}

/** Ten digits of an Indian mobile number: the only number the Save buttons take. */
export const isValidPhone = (digits: string) => digits.length === PHONE_DIGITS && mobileNumberProblem(digits) === null

/**
 * What the field says while it is typed: nothing until the digits can no longer become a mobile number (a first
 * digit 1-5), so the owner learns why Save stays off before reaching 10 digits.
 */
export const typedPhoneProblem = (digits: string) => (couldBeMobile(digits) ? null : MOBILE_START_MESSAGE)

/** '+919876543210' as the API stores it. */
export const phoneForApi = (digits: string) => `${PHONE_PREFIX}${digits}`
