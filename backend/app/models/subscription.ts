import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SubscriptionPlan from '#models/subscription_plan'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'

/** A subscription still counted as the owner's plan: cancelling keeps access until the period ends. */
const OPEN_STATUSES = [SubscriptionStatus.Active, SubscriptionStatus.Cancelled]

/**
 * "A plan running now" for a query that reads subscriptions under another name (a raw join or a correlated
 * subquery); model queries use the `running` scope, which is this.
 */
export function whereRunning<Query extends ChainableContract>(query: Query, now: DateTime, table = 'subscriptions'): Query {
  return query.whereIn(`${table}.status`, OPEN_STATUSES).where(`${table}.current_period_end`, '>', now.toJSDate())
}

export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** The workspace the plan is for (docs/decisions.md D42); `userId` is who bought it. */
  @column()
  declare workspaceId: number

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

  /** Plans running at `now`: active, or cancelled with the period still on. */
  static running = scope((query, now: DateTime = clock.now()) => {
    whereRunning(query, now)
  })

  /** Plans whose period has ended but which are not marked expired yet (the expiry job's work). */
  static lapsed = scope((query, now: DateTime = clock.now()) => {
    query.whereIn('status', OPEN_STATUSES).where('current_period_end', '<=', now.toJSDate())
  })

  /** The subscription that grants the owner access now: the running one that ends last. */
  static currentFor(workspaceId: number, now = clock.now(), client?: TransactionClientContract) {
    return this.query({ client })
      .where('workspace_id', workspaceId)
      .withScopes((scopes) => scopes.running(now))
      .orderBy('current_period_end', 'desc')
      .first()
  }
}
