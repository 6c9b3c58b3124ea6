import type { ReviewLanguage } from '#contract/review_messages/index'
import type { WidgetLayout } from '#contract/widget'
import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import ReviewSession from '#models/review_session'

export default class Business extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** The workspace it belongs to (docs/decisions.md D42). */
  @column()
  declare workspaceId: number

  /** Who added it; null once that account is gone. */
  @column()
  declare userId: number | null

  @column()
  declare placeId: string

  @column()
  declare name: string

  @column()
  declare address: string

  // DECIMAL comes back from mysql2 as a string.
  @column({ consume: (value) => (value === null || value === undefined ? null : Number(value)) })
  declare rating: number | null

  @column()
  declare reviewCount: number

  @column()
  declare shortUrl: string

  @column()
  declare googleReviewUrl: string

  @column({ consume: (value) => Boolean(value) })
  declare complianceMode: boolean

  @column()
  declare language: ReviewLanguage | null

  /** The secret of the after-visit hook's address (docs/decisions.md D32); null: off. Never serialised. */
  @column({ serializeAs: null })
  declare visitHookSecret: string | null

  /** Set by an operator (abuse): the customer page says the link is paused (docs/decisions.md D34). */
  @column.dateTime()
  declare disabledAt: DateTime | null

  @column()
  declare disabledReason: string | null

  /** The website widget's default layout (docs/decisions.md D49). */
  @column()
  declare widgetLayout: WidgetLayout

  /** The sites (lower-case origins) allowed to show the widget; null: any site (D49). */
  @column({
    prepare: (value: string[] | null) => (value === null || value === undefined ? null : JSON.stringify(value)),
    consume: (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
  })
  declare widgetAllowedSites: string[] | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare owner: BelongsTo<typeof User>

  @hasMany(() => ReviewSession)
  declare sessions: HasMany<typeof ReviewSession>

  /**
   * The workspace's businesses oldest first (by creation, ties by id): the first keeps collecting ratings without a
   * paid plan, the others pause (docs/product-rules.md#free-plan-limits).
   */
  static oldestFirstOf(workspaceId: number) {
    return this.query().where('workspace_id', workspaceId).orderBy('created_at', 'asc').orderBy('id', 'asc')
  }

  /** The id of the workspace's business that keeps collecting ratings without a paid plan; null when they have none. */
  static async freePlanBusinessIdOf(workspaceId: number): Promise<number | null> {
    const oldest = await this.oldestFirstOf(workspaceId).select('id').first()
    return oldest?.id ?? null
  }
}
