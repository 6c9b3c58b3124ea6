import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A Google review of a linked location, as the review sync read it (docs/decisions.md D43). */
export default class GoogleReview extends BaseModel {
  static table = 'google_reviews'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  /** accounts/{a}/locations/{l}/reviews/{r} */
  @column()
  declare reviewName: string

  @column()
  declare reviewerName: string | null

  @column()
  declare reviewerPhotoUrl: string | null

  @column({ consume: (value) => Boolean(value) })
  declare reviewerAnonymous: boolean

  @column()
  declare stars: number

  @column()
  declare comment: string | null

  @column.dateTime()
  declare createTime: DateTime

  @column.dateTime()
  declare updateTime: DateTime

  @column()
  declare replyComment: string | null

  @column.dateTime()
  declare replyUpdateTime: DateTime | null

  /** When the review disappeared from Google. */
  @column.dateTime()
  declare deletedAt: DateTime | null

  /** When a new or changed 1-3 star version became due for an alert (docs/decisions.md D47); null: none due. */
  @column.dateTime()
  declare alertDueAt: DateTime | null

  /** When the due alert was claimed (mailed, put in a digest, or nobody to tell). */
  @column.dateTime()
  declare alertedAt: DateTime | null

  /** When the auto-reply claimed it (docs/decisions.md D48); cleared when Google failed, for the next sweep. */
  @column.dateTime()
  declare autoReplyClaimedAt: DateTime | null

  @column()
  declare autoReplyAttempts: number

  /** Pinned to the website widget by the owner (docs/decisions.md D49): shown first. */
  @column.dateTime()
  declare pinnedAt: DateTime | null

  /** Hidden from the website widget by the owner (D49). */
  @column.dateTime()
  declare hiddenAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
