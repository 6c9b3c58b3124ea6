import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import { penalizeLoginFailures } from '#start/limiter'
import { BadRequestError } from '#exceptions/app_errors'
import PasswordChangedMail from '#mails/password_changed_mail'
import { clock } from '#lib/clock'
import type { ChangePasswordRequest } from '#types/api'

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.'

/**
 * A signed-in owner's new password (docs/decisions.md D29): the current one first, counted against the same
 * per-account lock as sign-in, then every other signed-in device is signed out; this one stays. The account's
 * address is told (PasswordChangedMail), so a change the owner did not make does not go unnoticed.
 */
export default class ChangePassword {
  async handle(user: User, currentTokenId: string | null, input: ChangePasswordRequest) {
    await penalizeLoginFailures(`user:${user.id}`, async () => {
      if (!(await user.verifyPassword(input.currentPassword))) throw new BadRequestError(WRONG_CURRENT_PASSWORD)
    })
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.password = input.password
      await user.save()
      const others = trx.from('auth_access_tokens').where('tokenable_id', user.id)
      if (currentTokenId !== null) others.whereNot('id', currentTokenId)
      await others.delete()
    })
    await mail.use().sendLater(new PasswordChangedMail(user, 'profile', clock.now()))
  }
}
