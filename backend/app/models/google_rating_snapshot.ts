import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'

/** A listing's Google figures: the average rating (null while it has none) and how many reviews it has. */
export interface GoogleFigures {
  rating: number | null
  reviewCount: number
}

/**
 * A business's Google rating and review count on one IST day (docs/decisions.md D35): the daily job and the
 * owner's refresh write today's row, the business's addition writes the first.
 */
export default class GoogleRatingSnapshot extends BaseModel {
  static table = 'google_rating_snapshots'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  /** 'YYYY-MM-DD', an IST calendar day (DATE columns are read as strings). */
  @column()
  declare day: string

  // DECIMAL comes back from mysql2 as a string.
  @column({ consume: (value) => (value === null || value === undefined ? null : Number(value)) })
  declare rating: number | null

  @column()
  declare reviewCount: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Writes the business's figures for `day`, replacing what that day had (one row per business per day). */
  static async record(businessId: number, day: string, figures: GoogleFigures, client: QueryClientContract = db.connection()) {
    const now = new Date()
    await client.rawQuery(
      `INSERT INTO google_rating_snapshots (business_id, day, rating, review_count, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE rating = VALUES(rating), review_count = VALUES(review_count), updated_at = VALUES(updated_at)`,
      [businessId, day, figures.rating, figures.reviewCount, now, now] as RawQueryBindings
    )
  }

  /** The business's points, oldest day first. */
  static history(businessId: number) {
    return this.query().where('business_id', businessId).orderBy('day', 'asc')
  }

  /** Ids of the businesses among `businessIds` that already have a row for `day`. */
  static async recordedOn(day: string, businessIds: number[]): Promise<Set<number>> {
    if (businessIds.length === 0) return new Set()
    const rows = await db.from(this.table).where('day', day).whereIn('business_id', businessIds).select('business_id')
    return new Set(rows.map((row) => Number(row.business_id)))
  }
}
