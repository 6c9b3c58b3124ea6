/*
 * Business days are India Standard Time days (UTC+05:30, no daylight saving). Timestamps are stored in UTC.
 */
import { DateTime } from 'luxon'
import { BUSINESS_TIME_ZONE, BUSINESS_TZ_OFFSET_MINUTES } from '#lib/constants'
import { clock } from '#lib/clock'

/** SQL for the IST calendar day of a UTC DATETIME column. */
export const istDaySql = (column: string) => `DATE(DATE_ADD(${column}, INTERVAL ${BUSINESS_TZ_OFFSET_MINUTES} MINUTE))`

export const nowIst = () => clock.now().setZone(BUSINESS_TIME_ZONE)

/** 'YYYY-MM-DD' of today in IST, by the fixed offset (no zone lookup: every page view asks). */
export const todayIst = () => new Date(clock.nowMs() + BUSINESS_TZ_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)

/** Start of the current IST calendar month, as a UTC instant (the free plan counts reviews per month). */
export const monthStartIst = () => nowIst().startOf('month').toUTC()

/** Whole days from `now` until `end`, rounded up, never below 0; 0 for a missing or invalid date. */
export function daysRemaining(end: DateTime | null | undefined, now: DateTime): number {
  if (!end || !end.isValid) return 0
  return Math.max(0, Math.ceil(end.diff(now, 'days').days))
}

/** UTC instant at which an IST day starts. */
export const istDayStart = (isoDate: string) => DateTime.fromISO(isoDate, { zone: BUSINESS_TIME_ZONE }).startOf('day').toUTC()

/**
 * Parses a date filter: a bare 'YYYY-MM-DD' is an IST day (its start, or its end when `endOfDay`), anything else
 * ISO 8601 with its own offset. Returns null when unreadable.
 */
export function parseDateFilter(value: string, endOfDay = false): DateTime | null {
  const bareDay = /^\d{4}-\d{2}-\d{2}$/.test(value)
  const parsed = DateTime.fromISO(value, { zone: bareDay ? BUSINESS_TIME_ZONE : 'utc', setZone: !bareDay })
  if (!parsed.isValid) return null
  return (bareDay && endOfDay ? parsed.endOf('day') : parsed).toUTC()
}
