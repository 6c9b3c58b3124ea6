/**
 * An Indian number as stored: '+91' and 10 digits. Accepts the 10 digits alone or with the '+91' prefix,
 * ignoring spaces and hyphens; anything else is null.
 */
export function normalizeIndianPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '')
  const match = /^(?:\+91)?(\d{10})$/.exec(compact)
  return match ? `+91${match[1]}` : null
}
