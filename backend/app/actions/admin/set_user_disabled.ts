import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { FieldError } from '#exceptions/app_errors'
import { lockedUserOrFail } from '#actions/admin/locked_user'
import { disableOrEnable } from '#actions/admin/disable_or_enable'

/**
 * Disables an account (it cannot sign in; its tokens are revoked) or enables it again. Its customer pages keep
 * working: disabling a link is SetBusinessDisabled.
 */
export default class SetUserDisabled {
  async handle(operator: User, userId: number, disabled: boolean, reason: string) {
    return db.transaction(async (trx) => {
      const target = await lockedUserOrFail(trx, userId)
      if (target.id === operator.id) throw new FieldError('reason', 'Operators cannot disable their own account.')
      await disableOrEnable(trx, operator, { type: 'user', row: target }, disabled, reason)
      if (disabled) await trx.from('auth_access_tokens').where('tokenable_id', target.id).delete()
      return target
    })
  }
}
