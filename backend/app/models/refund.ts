import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export enum RefundStatus {
  Pending = 'pending',
  Processed = 'processed',
  Failed = 'failed',
}

/** A payment's refund through Razorpay (docs/decisions.md D33): at most one per payment, in paise. */
export default class Refund extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare paymentId: number

  @column()
  declare razorpayRefundId: string | null

  @column()
  declare amount: number

  @column()
  declare status: RefundStatus

  @column()
  declare reason: string

  @column.dateTime()
  declare processedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
