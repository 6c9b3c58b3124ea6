import type User from '#models/user'
import { PASSWORD_RESET_TOKEN_MINUTES } from '#lib/constants'
import { AppMail, linkTo } from '#mails/app_mail'

/** The single-use link of a password reset (docs/product-rules.md#password-reset-and-email-verification). */
export default class PasswordResetMail extends AppMail {
  protected template = 'password_reset'
  protected kind = 'password-reset'
  protected recipient: string
  subject = 'Reset your ReviewRoute password'

  constructor(
    private user: User,
    private token: string
  ) {
    super()
    this.recipient = user.email
  }

  protected content() {
    return {
      heading: 'Reset your password',
      firstName: this.user.firstName ?? 'there',
      minutes: PASSWORD_RESET_TOKEN_MINUTES,
      button: { label: 'Choose a new password', url: linkTo(`/auth/reset?token=${encodeURIComponent(this.token)}`) },
      reason:
        'You get this mail because someone asked to reset the password of the ReviewRoute account with this address. If it was not you, ignore it: your password stays as it is.',
    }
  }
}
