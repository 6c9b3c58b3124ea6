import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { clock } from '#lib/clock'

const json = {
  prepare: (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value)),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
}

/** One operator write (docs/decisions.md D34): who, what, on which row, before and after, and why. Never changed. */
export default class AuditLog extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare operatorId: number | null

  /** Kept as written, so the row still says who after the operator's account is gone. */
  @column()
  declare operatorEmail: string

  @column()
  declare action: string

  @column()
  declare targetType: string

  @column()
  declare targetId: string

  @column(json)
  declare before: unknown

  @column(json)
  declare after: unknown

  @column()
  declare reason: string

  @column.dateTime()
  declare createdAt: DateTime

  /** Records one operator write, in the write's own transaction: the change and its audit row commit together. */
  static record(trx: TransactionClientContract, operator: User, entry: AuditEntry) {
    return this.create(
      {
        operatorId: operator.id,
        operatorEmail: operator.email,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason,
        createdAt: clock.now(),
      },
      { client: trx }
    )
  }
}

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string | number
  before?: unknown
  after?: unknown
  reason: string
}
