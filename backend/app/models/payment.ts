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

  /** The workspace the plan is for; null once that workspace is deleted (the payment is kept). */
  @column()
  declare workspaceId: number | null

  /** The workspace that pays and is invoiced: the same, or the agency buying a plan for its client. */
  @column()
  declare paidByWorkspaceId: number | null

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
