import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import EmailChangeMail from '#mails/email_change_mail'
import EmailChangeNoticeMail from '#mails/email_change_notice_mail'
import { EMAIL_TAKEN } from '#actions/auth/register_user'
import { penalizeLoginFailures } from '#start/limiter'
import { BadRequestError, FieldError } from '#exceptions/app_errors'
import { EMAIL_VERIFICATION_TOKEN_DAYS } from '#lib/constants'
import { WRONG_CURRENT_PASSWORD } from '#actions/auth/change_password'
import type { ChangeEmailRequest } from '#types/api'

export const SAME_EMAIL = 'This is already your email address.'
export const NO_PASSWORD_YET =
  'Your account has no password yet. Set one first with "Forgot password?" on the sign-in page, then change your email.'

/**
 * A signed-in owner asks to use another address (docs/decisions.md D29): the password first (counted against the
 * sign-in lock), then a link goes to the new address and a notice to the current one. Nothing changes until the
 * link is opened (VerifyEmail); a newer request retires the older link.
 */
export default class ChangeEmail {
  async handle(user: User, input: ChangeEmailRequest) {
    if (!user.password) throw new BadRequestError(NO_PASSWORD_YET)
    await penalizeLoginFailures(`user:${user.id}`, async () => {
      if (!(await user.verifyPassword(input.password))) throw new BadRequestError(WRONG_CURRENT_PASSWORD)
    })
    if (input.email === user.email) throw new FieldError('email', SAME_EMAIL)
    if (await User.findBy('email', input.email)) throw new FieldError('email', EMAIL_TAKEN)

    const token = await db.transaction(async (trx) => {
      await AccountToken.retireAll(user.id, AccountTokenPurpose.EmailChange, trx)
      return AccountToken.issue(user, AccountTokenPurpose.EmailChange, { days: EMAIL_VERIFICATION_TOKEN_DAYS }, trx, input.email)
    })
    await mail.use().sendLater(new EmailChangeMail(user, token, input.email))
    await mail.use().sendLater(new EmailChangeNoticeMail(user, input.email))
  }
}
