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

/** What a phone field keeps of a key: digits, and the '+', spaces, dashes, dots and brackets numbers are written with. */
const PHONE_CHARACTERS = /[^\d+\s\-().]/g
/** A number being written with its country code or trunk zero in front: '+', '+9…', '0', '009…'. */
const WRITTEN_WITH_PREFIX = /^[\s(]*[+0]/
/** '91' and up to 10 more digits: '+91' typed without its '+', which the 12th digit will settle. */
const COUNTRY_CODE_WITHOUT_PLUS = /^91\d{9}$/

/**
 * What a phone field shows after a key or a paste, by the same rule as a paste (docs/product-rules.md#accounts-and-tokens):
 * a whole Indian number in any usual form becomes its 10 digits at once; one still being written with '+91',
 * '0091' or '0' in front keeps what was typed until its last digit arrives (so '+91 98450 12345' typed key by key
 * is 9845012345, not 9198450123); otherwise the digits, at most 10 (11 while they may still be '91' and 10 more).
 */
export function phoneFieldText(typed: string) {
  const kept = typed.replace(PHONE_CHARACTERS, '')
  const whole = normalizeIndianPhone(kept)
  if (whole) return whole.slice(PHONE_PREFIX.length)
  const digits = kept.replace(/\D/g, '')
  if (WRITTEN_WITH_PREFIX.test(kept) && phoneDigits(kept).length < PHONE_DIGITS) return kept.trimStart()
  if (COUNTRY_CODE_WITHOUT_PLUS.test(digits)) return digits
  return digits.slice(0, PHONE_DIGITS)
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
