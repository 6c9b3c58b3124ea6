/*
 * Indian phone numbers as the product reads them: one rule for the server and the pages (docs/decisions.md D31).
 */

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
  return digits && /^[6-9]/.test(digits) ? digits : null
}

/** '+91 98765 43210', the way Indian mobiles are read out, for 10 stored digits. */
export const formatIndianMobile = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`
