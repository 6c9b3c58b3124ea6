import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import { todayIst } from '#lib/time'

/** Counts one customer-page view for today (IST): one upsert, no read. */
export default class RecordPageView {
  async handle(business: Business) {
    await db.rawQuery(
      'INSERT INTO page_views_daily (business_id, day, views) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE views = views + 1',
      [business.id, todayIst()]
    )
  }
}
