/*
 * Indian phone numbers as the product reads them: one rule for the server and the pages (docs/decisions.md D31).
 */

/** The spec's sentence for a number that is not 10 digits (or not Indian). */
export const PHONE_LENGTH_MESSAGE = 'Please enter a valid 10-digit phone number'
/** Ten digits that cannot be a mobile ('1234567890', a landline): the owner's own number must reach a phone. */
export const MOBILE_START_MESSAGE = 'Please enter a valid mobile number: Indian mobile numbers start with 6, 7, 8 or 9'

/** The first digit of every Indian mobile number. */
const MOBILE_FIRST_DIGIT = /^[6-9]/

/**
 * An Indian number as stored: '+91' and 10 digits. Accepts the usual ways of writing one: the 10 digits alone,
 * with '+91', '0091', '91' or a trunk '0' in front, with spaces, hyphens, dots or brackets; anything else is null.
 */
export function normalizeIndianPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '')
  const match = /^(?:\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))?(\d{10})$/.exec(compact)
  return match ? `+91${match[1]}` : null
}

/** The 10 digits of an Indian mobile number (first digit 6-9), in any of the forms above; else null. */
export function indianMobileDigits(input: string): string | null {
  const digits = normalizeIndianPhone(input)?.slice(3) ?? null
  return digits && MOBILE_FIRST_DIGIT.test(digits) ? digits : null
}

/** An Indian mobile number as stored ('+91' and 10 digits starting 6-9), in any of the forms above; else null. */
export function normalizeIndianMobile(input: string): string | null {
  const digits = indianMobileDigits(input)
  return digits ? `+91${digits}` : null
}

/** What is wrong with a typed mobile number, in the words its field shows; null when it is one. */
export function mobileNumberProblem(input: string): string | null {
  if (!normalizeIndianPhone(input)) return PHONE_LENGTH_MESSAGE
  return indianMobileDigits(input) ? null : MOBILE_START_MESSAGE
}

/** Whether digits being typed (the field's, without +91) can still become a mobile number: none yet, or 6-9 first. */
export const couldBeMobile = (digits: string) => digits === '' || MOBILE_FIRST_DIGIT.test(digits)

/** '+91 98765 43210', the way Indian mobiles are read out, for 10 stored digits. */
export const formatIndianMobile = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
