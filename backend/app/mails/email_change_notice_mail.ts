import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/** Tells the current address that a change to another one was asked for: an account-security mail, always sent. */
export default class EmailChangeNoticeMail extends AppMail {
  protected template = 'email_change_notice'
  protected kind = 'email-change-notice'
  protected recipient: string
  subject = 'Your ReviewRoute email address is about to change'

  constructor(
    private user: User,
    private newEmail: string
  ) {
    super()
    this.recipient = user.email
  }

  protected content() {
    return {
      heading: 'Your email address is about to change',
      firstName: this.user.firstName ?? 'there',
      newEmail: this.newEmail,
      button: { label: 'Reset my password', url: linkTo('/auth/forgot') },
      reason: 'You get this mail because it is about the security of the ReviewRoute account with this address.',
    }
  }
}
