/*
 * Nothing is sent to customers 21:00-09:00 IST (docs/decisions.md D32): sends wait for the morning. The hours are a
 * setting (REQUEST_QUIET_HOURS, `21-9`; `off` for none) so end-to-end runs at any time of day can see a send.
 */
import type { DateTime } from 'luxon'
import env from '#start/env'
import { nowIst } from '#lib/time'
import { clock } from '#lib/clock'

function quietHours() {
  const setting = env.get('REQUEST_QUIET_HOURS')
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(setting)
  return match ? { from: Number(match[1]), until: Number(match[2]) } : null
}

export const isQuietHour = (now: DateTime = nowIst()) => {
  const hours = quietHours()
  return hours !== null && (now.hour >= hours.from || now.hour < hours.until)
}

/** Milliseconds until sending may start (0 outside quiet hours). */
export function msUntilSendable(now: DateTime = nowIst()) {
  const hours = quietHours()
  if (!hours || !isQuietHour(now)) return 0
  const morning = (now.hour >= hours.from ? now.plus({ days: 1 }) : now).set({ hour: hours.until, minute: 0, second: 0, millisecond: 0 })
  return morning.toMillis() - now.toMillis()
}

/** When a request not to be sent before `after` (null: now) may go: after it, and outside quiet hours. */
export function sendableAt(after: DateTime | null): DateTime {
  const now = nowIst()
  const earliest = after && after > now ? after.setZone(now.zone) : now
  return earliest.plus({ milliseconds: msUntilSendable(earliest) }).toUTC()
}

/** Milliseconds from now until that moment. */
export const sendDelayMs = (after: DateTime | null) => Math.max(0, sendableAt(after).toMillis() - clock.nowMs())
