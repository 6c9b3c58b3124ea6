import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A Razorpay webhook as received; `eventId` is unique, so a replay cannot be stored twice. */
export default class PaymentEvent extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare eventId: string

  @column()
  declare event: string

  @column()
  declare razorpayOrderId: string | null

  @column()
  declare payload: string

  @column.dateTime({ autoCreate: true })
  declare receivedAt: DateTime
}
