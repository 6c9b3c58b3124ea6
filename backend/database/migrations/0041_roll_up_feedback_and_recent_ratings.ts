import { BaseSchema } from '@adonisjs/lucid/schema'
import { DateTime } from 'luxon'
import { istDaySql, istDayStart } from '#lib/time'
import { POSITIVE_RATING_MIN } from '#lib/constants'

/** Days of review_sessions read per backfill statement: one short transaction each, as the rollup's own chunks. */
const CHUNK_DAYS = 31

/**
 * Analytics over ten million ratings of one business (docs/capacity.md, scripts/bench/analytics-scale.mjs):
 * - analytics_daily also keeps each day's private feedback (`complaints`: `is_complaint` rows) and the stars of its
 *   4-5 star ratings (`positive_rating_sum`), so the overview's and the range's feedback counts and the overview's
 *   recent Google ratings read rollups for whole days instead of up to a million index entries;
 * - review_sessions gets an index on `created_at`: the nightly rollup reads one day of every business by time, which
 *   was a scan of the whole table (and, inside its INSERT … SELECT, a shared lock on every row, holding up new ratings).
 * Days already rolled up are filled from the raw rows, 31 days per statement, through the new index.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('analytics_daily', (table) => {
      table.integer('complaints').unsigned().notNullable().defaultTo(0)
      table.integer('positive_rating_sum').unsigned().notNullable().defaultTo(0)
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.index(['created_at'], 'review_sessions_created_at_idx')
    })

    this.defer(async (db) => {
      const state = await db.from('analytics_rollup_state').where('id', 1).first()
      const first = await db.from('analytics_daily').min('day as day').first()
      if (!state?.rolled_through || !first?.day) return
      // DATE columns come as 'YYYY-MM-DD' strings (config/database.ts).
      const watermark = String(state.rolled_through).slice(0, 10)
      for (let from = String(first.day).slice(0, 10); from <= watermark;) {
        const next = DateTime.fromISO(from).plus({ days: CHUNK_DAYS }).toISODate()!
        const to = next <= watermark ? next : DateTime.fromISO(watermark).plus({ days: 1 }).toISODate()!
        await db.rawQuery(
          `UPDATE analytics_daily AS d
           JOIN (SELECT business_id, ${istDaySql('created_at')} AS day, SUM(is_complaint) AS complaints, SUM(IF(rating >= ?, rating, 0)) AS positive_rating_sum
                 FROM review_sessions WHERE created_at >= ? AND created_at < ? GROUP BY business_id, day) AS r
             ON r.business_id = d.business_id AND r.day = d.day
           SET d.complaints = r.complaints, d.positive_rating_sum = r.positive_rating_sum`,
          [POSITIVE_RATING_MIN, istDayStart(from).toJSDate(), istDayStart(to).toJSDate()]
        )
        from = to
      }
    })
  }

  async down() {
    this.schema.alterTable('review_sessions', (table) => {
      table.dropIndex([], 'review_sessions_created_at_idx')
    })
    this.schema.alterTable('analytics_daily', (table) => {
      table.dropColumn('positive_rating_sum')
      table.dropColumn('complaints')
    })
  }
}
