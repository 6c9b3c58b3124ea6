import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import { dailyCounts } from '#lib/session_counts'
import { nowIst } from '#lib/time'
import { pageViewCounter } from '#hot_path/page_view_counter'

export interface DailyPoint {
  date: string
  sessions: number
  positive: number
  negative: number
  redirected: number
  views: number
}

/** Per IST day over the last `days` days (today included), every day present, zeros where quiet. */
export default class DailySeries {
  async handle(business: Business, days: number): Promise<DailyPoint[]> {
    const today = nowIst().startOf('day')
    const dates = Array.from({ length: days }, (_, i) => today.minus({ days: days - 1 - i }).toISODate()!)
    const from = dates[0]
    await pageViewCounter.flush().catch(() => {}) // as in business_analytics.ts

    const [countsByDay, viewRows] = await Promise.all([
      dailyCounts(business.id, from),
      db.from('page_views_daily').where('business_id', business.id).where('day', '>=', from).select('day', 'views'),
    ])
    const viewsByDay = new Map(viewRows.map((row: any) => [String(row.day).slice(0, 10), Number(row.views)]))

    return dates.map((date) => ({
      date,
      ...(countsByDay.get(date) ?? { sessions: 0, positive: 0, negative: 0, redirected: 0 }),
      views: viewsByDay.get(date) ?? 0,
    }))
  }
}
