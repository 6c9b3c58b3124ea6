import { EMAIL_VERIFICATION_TOKEN_DAYS } from '#lib/constants'
import { AccountLinkMail } from '#mails/account_link_mail'

/** Sent to the address an owner wants to use instead: the account changes to it only when the link is opened. */
export default class EmailChangeMail extends AccountLinkMail {
  protected template = 'email_change'
  protected kind = 'email-change'
  protected page = '/auth/verify'
  subject = 'Confirm your new email address for ReviewRoute'

  protected details() {
    return {
      heading: 'Confirm your new email address',
      newEmail: this.recipient,
      days: EMAIL_VERIFICATION_TOKEN_DAYS,
      buttonLabel: 'Use this address',
      reason:
        'You get this mail because someone signed in to ReviewRoute asked to use this address for their account. If it was not you, ignore it: nothing changes.',
    }
  }
}
