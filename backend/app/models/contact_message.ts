import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class ContactMessage extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare name: string

  @column()
  declare email: string

  @column()
  declare subject: string

  @column()
  declare message: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** When an operator handled it (replied or marked it), and who (docs/decisions.md D34). */
  @column.dateTime()
  declare handledAt: DateTime | null

  @column()
  declare handledBy: number | null
}
