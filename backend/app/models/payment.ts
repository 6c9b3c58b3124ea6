import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import SubscriptionPlan from '#models/subscription_plan'
import { PaymentStatus } from '#lib/billing_enums'

export default class Payment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  /** Null once the owner deleted their account: the payment is kept as a tax record. */
  declare userId: number | null

  @column()
  declare planId: number

  @column()
  declare razorpayOrderId: string

  @column()
  declare razorpayPaymentId: string | null

  /** Paise, copied from the plan when the order was created. */
  @column()
  declare amount: number

  @column()
  declare currency: string

  @column()
  declare status: PaymentStatus

  @column()
  declare failureReason: string | null

  @column.dateTime()
  declare paidAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => SubscriptionPlan, { foreignKey: 'planId' })
  declare plan: BelongsTo<typeof SubscriptionPlan>
}
