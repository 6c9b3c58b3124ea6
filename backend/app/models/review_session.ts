import { DateTime } from 'luxon'
import { BaseModel, afterDelete, afterSave, belongsTo, column } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Business from '#models/business'
import { analyticsReads } from '#services/analytics_reads'

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => Business)
  declare business: BelongsTo<typeof Business>

  /** Sessions of all businesses the user owns; narrow further with where clauses. */
  static ownedBy(userId: number) {
    return this.query().whereIn('business_id', db.from('businesses').select('id').where('user_id', userId))
  }

  /** A saved session (a feedback resolved or reopened) changes its business's analytics. */
  @afterSave()
  @afterDelete()
  static forgetSharedAnalytics(session: ReviewSession) {
    analyticsReads.forget(session.businessId)
  }
}
