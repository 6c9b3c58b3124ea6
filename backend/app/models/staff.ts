import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A person of a business (docs/decisions.md D32), with a code for their own link and QR
 * (`/review/{code}?s={staff code}`); ratings and requests remember whom they came through.
 */
export default class Staff extends BaseModel {
  static table = 'staff'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare name: string

  /** Unique within the business, compared without case. */
  @column()
  declare code: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
