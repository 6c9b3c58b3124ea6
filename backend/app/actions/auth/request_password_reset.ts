import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import PasswordResetMail from '#mails/password_reset_mail'
import { PASSWORD_RESET_TOKEN_MINUTES } from '#lib/constants'

/**
 * Mails a single-use reset link when an account has this (normalised) address; says nothing either way. The
 * mail leaves after the answer (the mailer's in-process queue), so an unknown address answers as fast.
 */
export default class RequestPasswordReset {
  async handle(email: string) {
    const user = await User.findBy('email', email)
    if (!user) return
    const token = await AccountToken.issue(user, AccountTokenPurpose.PasswordReset, { minutes: PASSWORD_RESET_TOKEN_MINUTES })
    await mail.use().sendLater(new PasswordResetMail(user, token))
  }
}
