/*
 * How long a refused request must wait, in words, from the seconds of its `Retry-After` (docs/product-rules.md#errors):
 * the server's 429 sentence and the front ends' fallback both say it this way, so "50 minutes" is never "a moment".
 * No framework imports: the front ends bundle this file.
 */

/** The generic 429 sentence when the wait is not known (a proxy's answer without Retry-After). */
export const TOO_MANY_REQUESTS_UNTIMED = 'Too many requests. Please wait a moment and try again.'

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/**
 * A wait in words, never shorter than the wait itself: '30 seconds', '1 minute', '50 minutes', '1 hour 5 minutes',
 * '3 hours', '2 days'. Null for a value that is not a positive number of seconds.
 */
export function waitText(seconds: unknown): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null
  if (seconds < 60) return plural(Math.ceil(seconds), 'second')
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return plural(minutes, 'minute')
  if (minutes < 24 * 60) {
    const hours = Math.floor(minutes / 60)
    const rest = minutes % 60
    return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour')
  }
  return plural(Math.ceil(minutes / (24 * 60)), 'day')
}

/** The 429 sentence: 'Too many requests. Please try again in 50 minutes.' (the untimed one without a wait). */
export function tooManyRequestsText(seconds?: unknown) {
  const wait = waitText(seconds)
  return wait ? `Too many requests. Please try again in ${wait}.` : TOO_MANY_REQUESTS_UNTIMED
}

/**
 * The seconds of a `Retry-After` header: delay-seconds, or an HTTP date (seconds from `now`); null when absent or
 * unreadable.
 */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}
