import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Business from '#models/business'
import ReviewRequest from '#models/review_request'
import { monthStartIst } from '#lib/time'

export default class ReviewSession extends BaseModel {
  static table = 'review_sessions'

  @column({ isPrimary: true, consume: (value) => Number(value) })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare rating: number

  @column()
  declare feedback: string | null

  @column({ consume: (value) => Boolean(value) })
  declare redirected: boolean

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column({ serializeAs: null })
  declare clientFingerprint: string | null

  /** The customer asked to be contacted after a 1-3 rating: their name (optional) and 10-digit mobile. */
  @column()
  declare contactName: string | null

  @column()
  declare contactPhone: string | null

  /** The review request whose personal link `/r/{token}` the rating came through (docs/decisions.md D32). */
  @column()
  declare reviewRequestId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => Business)
  declare business: BelongsTo<typeof Business>

  @belongsTo(() => ReviewRequest)
  declare reviewRequest: BelongsTo<typeof ReviewRequest>

  /** With the request it came through and that request's customer: whom the owner calls back. */
  static withCustomer = scope((query: ModelQueryBuilderContract<typeof ReviewSession>) => {
    query.preload('reviewRequest', (request) => request.preload('customer'))
  })

  /** withCustomer for a session already read. */
  async loadCustomer(): Promise<ReviewSession> {
    const session: ReviewSession = this
    await session.load('reviewRequest', (request) => request.preload('customer'))
    return session
  }

  /** Ratings stored this IST calendar month, per business (the free plan's monthly cap). */
  static async countThisMonth(businessIds: number[]): Promise<Map<number, number>> {
    if (businessIds.length === 0) return new Map()
    const rows = await db
      .from('review_sessions')
      .whereIn('business_id', businessIds)
      .where('created_at', '>=', monthStartIst().toJSDate())
      .groupBy('business_id')
      .select('business_id', db.raw('COUNT(*) AS total'))
    return new Map(rows.map((row: { business_id: number; total: number }) => [Number(row.business_id), Number(row.total)]))
  }
}
