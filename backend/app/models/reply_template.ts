import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The star ratings 1-5 as a bitmask (bit n-1 for n stars), and back, ascending and distinct. */
export const starsToMask = (stars: number[]) => stars.reduce((mask, star) => mask | (1 << (star - 1)), 0)
export const maskToStars = (mask: number) => [1, 2, 3, 4, 5].filter((star) => (Number(mask) & (1 << (star - 1))) !== 0)

/** A workspace's reply to Google reviews, written once (docs/decisions.md D46). */
export default class ReplyTemplate extends BaseModel {
  static table = 'reply_templates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  @column()
  declare name: string

  /** May hold `{reviewer}` and `{business}`, filled in by the dashboard. */
  @column()
  declare body: string

  /** The ratings it is written for, 1-5. */
  @column({ columnName: 'stars_mask', prepare: (stars: number[]) => starsToMask(stars), consume: (mask: number) => maskToStars(mask) })
  declare stars: number[]

  /** One of the customer page's nine languages. */
  @column()
  declare language: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
