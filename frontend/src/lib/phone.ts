/*
 * The phone number rules of docs/product-rules.md: digits only (anything else is dropped as it is typed), at most 10,
 * exactly 10 to submit, sent with the '+91' prefix.
 */
import { PHONE_DIGITS, PHONE_PREFIX } from '#config/constants'

export const PHONE_LENGTH_ERROR = 'Please enter a valid 10-digit phone number'
export const PHONE_SAVE_FAILED = 'Failed to save phone number'

/** What the field keeps of what was typed or pasted: the digits, cut at 10. */
export const phoneDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, PHONE_DIGITS)

export const isValidPhone = (digits: string) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits)

/** '+919876543210' as the API stores it. */
export const phoneForApi = (digits: string) => `${PHONE_PREFIX}${digits}`
