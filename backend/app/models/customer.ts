import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ReviewLanguage } from '#contract/review_messages/index'

/** Someone the owner may ask for a review (docs/decisions.md D32): consent confirmed by the owner, opt-out kept. */
export default class Customer extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare name: string

  /** '+91' and 10 digits; null for a customer reached by email alone (a customer has a phone, an email or both). */
  @column()
  declare phone: string | null

  @column()
  declare email: string | null

  /** The language the owner chose for this customer's messages; null: chosen for them (docs/decisions.md D65). */
  @column()
  declare language: ReviewLanguage | null

  /** The customer page's language they last rated in through a personal link, else null. */
  @column()
  declare ratedLanguage: ReviewLanguage | null

  @column.dateTime()
  declare consentAt: DateTime

  @column.dateTime()
  declare optedOutAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
