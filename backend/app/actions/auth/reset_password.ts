import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import { BadRequestError } from '#exceptions/app_errors'
import { deviceLabel } from '#lib/user_agent'
import { clock } from '#lib/clock'
import PasswordChangedMail from '#mails/password_changed_mail'

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Ask for a new one.'

/**
 * Sets a new password from a reset link; every device signed in before is signed out, this one signed in, and an
 * email change asked for before (perhaps by whoever had the password) is cancelled. The address is told afterwards
 * (PasswordChangedMail): whoever opened the link may not be the owner.
 */
export default class ResetPassword {
  async handle(token: string, password: string, userAgent?: string | null) {
    const user = await db.transaction(async (trx) => {
      const row = await AccountToken.consume(AccountTokenPurpose.PasswordReset, token, trx)
      if (!row) throw new BadRequestError(INVALID_RESET_LINK)
      const owner = await User.findOrFail(row.userId, { client: trx })
      owner.password = password
      await owner.save()
      await AccountToken.retireAll(owner.id, AccountTokenPurpose.EmailChange, trx)
      await trx.from('auth_access_tokens').where('tokenable_id', owner.id).delete()
      return owner
    })
    await mail.use().sendLater(new PasswordChangedMail(user, 'reset', clock.now()))
    const accessToken = await User.accessTokens.create(user, ['*'], { name: deviceLabel(userAgent) })
    return { user, token: accessToken.value!.release() }
  }
}
