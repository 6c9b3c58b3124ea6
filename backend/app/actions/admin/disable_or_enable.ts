import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Business from '#models/business'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'

/**
 * Disables a row an operator can disable (an account, a business's link) with the reason, or enables it again, and
 * writes the change's audit row in the same transaction.
 */
export async function disableOrEnable(
  trx: TransactionClientContract,
  operator: User,
  target: { type: 'user'; row: User } | { type: 'business'; row: Business },
  disabled: boolean,
  reason: string
) {
  const row: User | Business = target.row
  const before = { disabledAt: row.disabledAt?.toISO() ?? null, disabledReason: row.disabledReason }
  row.disabledAt = disabled ? clock.now() : null
  row.disabledReason = disabled ? reason : null
  await row.useTransaction(trx).save()
  await AuditLog.record(trx, operator, {
    action: `${target.type}.${disabled ? 'disable' : 'enable'}`,
    targetType: target.type,
    targetId: row.id,
    before,
    after: { disabledAt: row.disabledAt?.toISO() ?? null },
    reason,
  })
}
