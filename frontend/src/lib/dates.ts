/*
 * Dates as the dashboard shows them (docs/product-rules.md#time-zones: times in Asia/Kolkata, relative times in the browser's
 * locale; docs/product-rules.md#trial: invalid dates read 'Recently' in activity lists, 'Invalid Date' / 'N/A' elsewhere).
 */
export const TIME_ZONE = 'Asia/Kolkata'
const DAY_MS = 86_400_000

function parse(value: string | number | Date | null | undefined) {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/** '3 hours ago' in the browser's language; 'Recently' for a missing or invalid date. */
export function relativeTime(value: string | number | Date | null | undefined, now = new Date(), locale?: string) {
  const date = parse(value)
  if (!date) return 'Recently'
  const diff = date.getTime() - now.getTime()
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return format.format(Math.round(diff / size), unit)
  }
  return 'Recently'
}

/** '22 Nov 2026' in India's time zone; 'Invalid Date' when the value is not a date, 'N/A' when missing. */
export function formatDate(value: string | number | Date | null | undefined, locale = 'en-IN') {
  if (value === null || value === undefined || value === '') return 'N/A'
  const date = parse(value)
  if (!date) return 'Invalid Date'
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }).format(date)
}

export function formatDateTime(value: string | number | Date | null | undefined, locale = 'en-IN') {
  const date = parse(value)
  if (!date) return 'Recently'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(date)
}

/** The calendar day (YYYY-MM-DD) of an instant in India's time zone. */
function kolkataDay(date: Date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)
}

/**
 * Days left until the end day of a period (docs/product-rules.md#trial): ceiling of the days from today to the end day, never
 * below 0; 0 for a missing or invalid date.
 */
export function daysRemaining(end: string | number | Date | null | undefined, now = new Date()) {
  const date = parse(end)
  if (!date) return 0
  const days = (Date.parse(kolkataDay(date)) - Date.parse(kolkataDay(now))) / DAY_MS
  return Math.max(0, Math.ceil(days))
}
