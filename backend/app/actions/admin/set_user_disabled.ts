import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { FieldError } from '#exceptions/app_errors'
import { lockedUserOrFail } from '#actions/admin/locked_user'

/**
 * Disables an account (it cannot sign in; its tokens are revoked) or enables it again. Its customer pages keep
 * working: disabling a link is SetBusinessDisabled.
 */
export default class SetUserDisabled {
  async handle(operator: User, userId: number, disabled: boolean, reason: string) {
    return db.transaction(async (trx) => {
      const target = await lockedUserOrFail(trx, userId)
      if (target.id === operator.id) throw new FieldError('reason', 'Operators cannot disable their own account.')
      const before = { disabledAt: target.disabledAt?.toISO() ?? null, disabledReason: target.disabledReason }
      target.merge(disabled ? { disabledAt: clock.now(), disabledReason: reason } : { disabledAt: null, disabledReason: null })
      await target.useTransaction(trx).save()
      if (disabled) await trx.from('auth_access_tokens').where('tokenable_id', target.id).delete()
      await AuditLog.record(trx, operator, {
        action: disabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: target.id,
        before,
        after: { disabledAt: target.disabledAt?.toISO() ?? null },
        reason,
      })
      return target
    })
  }
}
