import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Business from '#models/business'
import { dailyCounts, NO_RATED_COUNTS, type RatedCounts } from '#lib/session_counts'
import { nowIst } from '#lib/time'
import { pageViewCounter, widgetViewCounter } from '#hot_path/page_view_counter'
import type { DailyPointDto } from '#types/api'
import type { RequestSource } from '#contract/integrations'

/** One business's figures on one IST day: its counts with their rating sum, its page views and widget answers. */
export interface DayFigures {
  businessId: number
  day: string
  counts: RatedCounts
  views: number
  widgetViews: number
}

/** Every IST day from `from` to `to`, both included ('YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string) => {
  const first = DateTime.fromISO(from)
  const count = Math.round(DateTime.fromISO(to).diff(first, 'days').days) + 1
  return Array.from({ length: Math.max(0, count) }, (_, i) => first.plus({ days: i }).toISODate()!)
}

/** Per IST day over the last `days` days (today included), every day present, zeros where quiet. */
export default class DailySeries {
  async handle(business: Business, days: number): Promise<DailyPointDto[]> {
    const today = nowIst().startOf('day')
    const from = today.minus({ days: days - 1 }).toISODate()!
    const to = today.toISODate()!
    return DailySeries.points(daysBetween(from, to), await this.figures([business.id], from, to))
  }

  /** The figures of these businesses per day from `from` to `to`; days without ratings or views are absent. */
  async figures(businessIds: number[], from: string, to: string, source?: RequestSource): Promise<DayFigures[]> {
    if (businessIds.length === 0) return []
    // As in business_analytics.ts.
    await Promise.all([pageViewCounter.flush().catch(() => {}), widgetViewCounter.flush().catch(() => {})])

    const views = (table: 'page_views_daily' | 'widget_views') =>
      db.from(table).whereIn('business_id', businessIds).whereBetween('day', [from, to]).select('business_id', 'day', 'views')
    // Views belong to no source: a range of one source's ratings has none.
    const [counts, viewRows, widgetRows] = await Promise.all([
      dailyCounts(businessIds, from, to, source),
      source ? [] : views('page_views_daily'),
      source ? [] : views('widget_views'),
    ])
    const byKey = new Map<string, DayFigures>()
    const entry = (businessId: number, day: string) => {
      const key = `${businessId}:${day}`
      if (!byKey.has(key)) byKey.set(key, { businessId, day, counts: NO_RATED_COUNTS, views: 0, widgetViews: 0 })
      return byKey.get(key)!
    }
    for (const row of counts) entry(row.businessId, row.day).counts = row.counts
    for (const row of viewRows) entry(Number(row.business_id), String(row.day).slice(0, 10)).views = Number(row.views)
    for (const row of widgetRows) entry(Number(row.business_id), String(row.day).slice(0, 10)).widgetViews = Number(row.views)
    return [...byKey.values()]
  }

  /** One point per date, the figures of every business summed, zeros where quiet. */
  static points(dates: string[], figures: DayFigures[]): DailyPointDto[] {
    const byDate = new Map(
      dates.map((date): [string, DailyPointDto] => [
        date,
        { date, sessions: 0, positive: 0, negative: 0, redirected: 0, views: 0, widgetViews: 0 },
      ])
    )
    for (const { day, counts, views, widgetViews } of figures) {
      const point = byDate.get(day)
      if (!point) continue
      point.sessions += counts.sessions
      point.positive += counts.positive
      point.negative += counts.negative
      point.redirected += counts.redirected
      point.views += views
      point.widgetViews += widgetViews
    }
    return [...byDate.values()]
  }
}
