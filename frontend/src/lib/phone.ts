/*
 * The phone number rules of docs/product-rules.md: digits only (anything else is dropped as it is typed), at most 10,
 * exactly 10 to submit, sent with the '+91' prefix. A number pasted in one of the usual Indian forms keeps its own
 * 10 digits (the shared rule, backend/contract/phone.ts).
 */
import { normalizeIndianPhone } from '@reviewroute/backend/contract/phone'
import { PHONE_DIGITS, PHONE_PREFIX } from '#config/constants'

export const PHONE_LENGTH_ERROR = 'Please enter a valid 10-digit phone number'
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

export const isValidPhone = (digits: string) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits)

/** '+919876543210' as the API stores it. */
export const phoneForApi = (digits: string) => `${PHONE_PREFIX}${digits}`
