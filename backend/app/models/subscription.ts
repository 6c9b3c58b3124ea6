import { DateTime } from 'luxon'
import { BaseModel, afterDelete, afterSave, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import SubscriptionPlan from '#models/subscription_plan'
import { SubscriptionStatus } from '#lib/billing_enums'
import { reviewLinkCache } from '#services/review_link_cache'

export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare planId: number

  @column()
  declare paymentId: number

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

  /** A change of plan or status ends the owner's remembered access at once (review_link_cache.ts). */
  @afterSave()
  @afterDelete()
  static forgetCachedAccess(subscription: Subscription) {
    reviewLinkCache.forgetNowAndOnCommit(subscription, () => reviewLinkCache.forgetOwner(subscription.userId))
  }
}
