import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/** Confirms that the owner receives mail at the account's address (alerts go only to confirmed ones). */
export default class VerifyEmailMail extends AppMail {
  protected template = 'verify_email'
  protected kind = 'verify-email'
  protected recipient: string
  subject = 'Confirm your email address for ReviewRoute'

  constructor(
    private user: User,
    private token: string
  ) {
    super()
    this.recipient = user.email
  }

  protected content() {
    return {
      heading: 'Confirm your email address',
      firstName: this.user.firstName ?? 'there',
      button: { label: 'Confirm my email', url: linkTo(`/auth/verify?token=${encodeURIComponent(this.token)}`) },
      reason:
        'You get this mail because this address was used to create or update a ReviewRoute account. Feedback alerts are sent only once it is confirmed.',
    }
  }
}
