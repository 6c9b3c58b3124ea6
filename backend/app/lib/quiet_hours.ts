/*
 * Nothing is sent to customers 21:00-09:00 IST (docs/decisions.md D32): sends wait for the morning.
 */
import type { DateTime } from 'luxon'
import { nowIst } from '#lib/time'

export const QUIET_FROM_HOUR_IST = 21
export const QUIET_UNTIL_HOUR_IST = 9

export const isQuietHour = (now: DateTime = nowIst()) => now.hour >= QUIET_FROM_HOUR_IST || now.hour < QUIET_UNTIL_HOUR_IST

/** Milliseconds until sending may start (0 outside quiet hours). */
export function msUntilSendable(now: DateTime = nowIst()) {
  if (!isQuietHour(now)) return 0
  const morning = (now.hour >= QUIET_FROM_HOUR_IST ? now.plus({ days: 1 }) : now).set({ hour: QUIET_UNTIL_HOUR_IST, minute: 0, second: 0, millisecond: 0 })
  return morning.toMillis() - now.toMillis()
}
