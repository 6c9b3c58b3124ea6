import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { clock } from '#lib/clock'
import { BUSINESS_TIME_ZONE, NEGATIVE_RATING_MAX, POSITIVE_RATING_MIN } from '#lib/constants'
import { istDaySql, istDayStart } from '#lib/time'
import { ROLLUP_STATE_ID, rolledThrough } from '#lib/session_counts'

/** Days recomputed per statement: keeps each transaction short on large histories. */
const CHUNK_DAYS = 31

const isoDay = (day: DateTime) => day.toISODate()!
const yesterdayIst = () => clock.now().setZone(BUSINESS_TIME_ZONE).startOf('day').minus({ days: 1 })

/**
 * Recomputes analytics_daily from the raw rows for whole IST days (sessions, positive, negative, redirected,
 * private feedback, rating sum, the 4-5 stars' sum, views). Without a range it catches up from the day after the last rolled day (or the first
 * session) to yesterday, so days missed while the worker or Redis was down are filled in. Only finished
 * days are rolled up; today is always read live.
 */
export default class RollupAnalytics {
  async handle(range: { from?: string; to?: string } = {}) {
    const last = yesterdayIst()
    const watermark = await rolledThrough()
    const to = DateTime.min(range.to ? DateTime.fromISO(range.to, { zone: BUSINESS_TIME_ZONE }) : last, last)
    const from = range.from
      ? DateTime.fromISO(range.from, { zone: BUSINESS_TIME_ZONE })
      : watermark
        ? DateTime.fromISO(watermark, { zone: BUSINESS_TIME_ZONE }).plus({ days: 1 })
        : await this.firstActivityDay()
    if (!from || !from.isValid || !to.isValid || from > to) return { days: 0, rolledThrough: watermark }

    for (let start = from; start <= to; start = start.plus({ days: CHUNK_DAYS })) {
      const end = DateTime.min(start.plus({ days: CHUNK_DAYS - 1 }), to)
      await this.rollDays(isoDay(start), isoDay(end))
    }

    // The watermark only moves over contiguous rolled days.
    const contiguous = !watermark || isoDay(from) <= isoDay(DateTime.fromISO(watermark).plus({ days: 1 }))
    const next = contiguous && (!watermark || isoDay(to) > watermark) ? isoDay(to) : watermark
    if (next !== watermark) {
      await db.rawQuery(
        'INSERT INTO analytics_rollup_state (id, rolled_through, updated_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE rolled_through = VALUES(rolled_through), updated_at = VALUES(updated_at)',
        [ROLLUP_STATE_ID, next, clock.now().toJSDate()]
      )
    }
    return { days: Math.round(to.diff(from, 'days').days) + 1, rolledThrough: next }
  }

  private async firstActivityDay() {
    const row = await db.from('review_sessions').min('created_at as first').first()
    if (!row?.first) return null
    return DateTime.fromJSDate(new Date(row.first)).setZone(BUSINESS_TIME_ZONE).startOf('day')
  }

  private async rollDays(from: string, to: string) {
    const now = clock.now().toJSDate()
    const startUtc = istDayStart(from).toJSDate()
    const endUtc = istDayStart(to).plus({ days: 1 }).toJSDate()
    await db.transaction(async (trx) => {
      await trx.from('analytics_daily').whereBetween('day', [from, to]).delete()
      await trx.rawQuery(
        `INSERT INTO analytics_daily
           (business_id, day, sessions, positive, negative, redirected, complaints, rating_sum, positive_rating_sum, views, computed_at)
         SELECT business_id, ${istDaySql('created_at')} AS day, COUNT(*), SUM(rating >= ?), SUM(rating <= ?),
                SUM(redirected), SUM(is_complaint), SUM(rating), SUM(IF(rating >= ?, rating, 0)), 0, ?
         FROM review_sessions WHERE created_at >= ? AND created_at < ?
         GROUP BY business_id, day`,
        [POSITIVE_RATING_MIN, NEGATIVE_RATING_MAX, POSITIVE_RATING_MIN, now, startUtc, endUtc]
      )
      await trx.rawQuery(
        `INSERT INTO analytics_daily (business_id, day, views, computed_at)
         SELECT business_id, day, views, ? FROM page_views_daily WHERE day BETWEEN ? AND ?
         ON DUPLICATE KEY UPDATE views = VALUES(views)`,
        [now, from, to]
      )
    })
  }
}
