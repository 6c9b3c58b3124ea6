import { PASSWORD_RESET_TOKEN_MINUTES } from '#lib/constants'
import { AccountLinkMail } from '#mails/account_link_mail'

/** The single-use link of a password reset (docs/product-rules.md#password-reset-and-email-verification). */
export default class PasswordResetMail extends AccountLinkMail {
  protected template = 'password_reset'
  protected kind = 'password-reset'
  protected page = '/auth/reset'
  subject = 'Reset your ReviewRoute password'

  protected details() {
    return {
      heading: 'Reset your password',
      minutes: PASSWORD_RESET_TOKEN_MINUTES,
      buttonLabel: 'Choose a new password',
      reason:
        'You get this mail because someone asked to reset the password of the ReviewRoute account with this address. If it was not you, ignore it: your password stays as it is.',
    }
  }
}
