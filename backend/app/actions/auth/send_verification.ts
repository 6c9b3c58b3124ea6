import mail from '@adonisjs/mail/services/main'
import type User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import VerifyEmailMail from '#mails/verify_email_mail'
import { EMAIL_VERIFICATION_TOKEN_DAYS } from '#lib/constants'

/** Mails a verification link for the owner's current address; nothing when it is already verified. */
export default class SendVerification {
  async handle(user: User) {
    if (user.emailVerifiedAt) return
    const token = await AccountToken.issue(user, AccountTokenPurpose.EmailVerification, { days: EMAIL_VERIFICATION_TOKEN_DAYS })
    await mail.use().sendLater(new VerifyEmailMail(user, token))
  }
}
