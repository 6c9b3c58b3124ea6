import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SubscriptionPlan from '#models/subscription_plan'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'

export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare planId: number

  @column()
  /** Null for a plan an operator granted (docs/decisions.md D34). */
  declare paymentId: number | null

  @column()
  declare status: SubscriptionStatus

  @column.dateTime()
  declare currentPeriodStart: DateTime

  @column.dateTime()
  declare currentPeriodEnd: DateTime

  @column.dateTime()
  declare cancelledAt: DateTime | null

  @column.dateTime()
  declare reminderSentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => SubscriptionPlan, { foreignKey: 'planId' })
  declare plan: BelongsTo<typeof SubscriptionPlan>

  /**
   * Ends it at `now` (a plan not started yet ends before it starts): expired, cancelled if it was not already.
   * Answers how much of the period was cut (a refund moves the plans stacked after it up by that much).
   */
  endNow(now: DateTime) {
    const end = this.currentPeriodEnd
    const start = this.currentPeriodStart > now ? this.currentPeriodStart : now
    this.status = SubscriptionStatus.Expired
    this.currentPeriodEnd = start
    this.cancelledAt = this.cancelledAt ?? now
    return end.diff(start)
  }

  /** The subscription that grants the owner access now: active, or cancelled with its period still running. */
  static currentFor(userId: number, now = clock.now(), client?: TransactionClientContract) {
    return this.query({ client })
      .where('user_id', userId)
      .whereIn('status', [SubscriptionStatus.Active, SubscriptionStatus.Cancelled])
      .where('current_period_end', '>', now.toJSDate())
      .orderBy('current_period_end', 'desc')
      .first()
  }
}
