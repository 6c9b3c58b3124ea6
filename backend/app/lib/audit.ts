import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import { clock } from '#lib/clock'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string | number
  before?: unknown
  after?: unknown
  reason: string
}

/** Records one operator write, in the write's own transaction: the change and its audit row commit together. */
export function audit(trx: TransactionClientContract, operator: User, entry: AuditEntry) {
  return AuditLog.create(
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
