/*
 * The one source of "now" for business rules (trials, periods, limits). Tests may move it; that is possible
 * only when NODE_ENV=test or TEST_CLOCK=true, and production refuses to boot with TEST_CLOCK on
 * (docs/decisions.md D14, start/env.ts).
 */
import { DateTime } from 'luxon'

let offsetMs = 0
const movable = () => process.env.NODE_ENV === 'test' || process.env.TEST_CLOCK === 'true'

export const clock = {
  now(): DateTime {
    return DateTime.fromMillis(Date.now() + offsetMs, { zone: 'utc' })
  },

  /** "Now" in epoch milliseconds, without building a DateTime (for hot paths). */
  nowMs(): number {
    return Date.now() + offsetMs
  },

  get isMovable() {
    return movable()
  },

  /** Moves "now" to `instant` (time keeps running from there). */
  travelTo(instant: DateTime) {
    if (!movable()) throw new Error('The clock can only be moved in test mode')
    offsetMs = instant.toMillis() - Date.now()
  },

  get offsetMs() {
    return offsetMs
  },

  setOffset(ms: number) {
    if (!movable()) throw new Error('The clock can only be moved in test mode')
    offsetMs = ms
  },

  reset() {
    offsetMs = 0
  },
}
