import { AccountLinkMail } from '#mails/account_link_mail'

/** Confirms that the owner receives mail at the account's address (alerts go only to confirmed ones). */
export default class VerifyEmailMail extends AccountLinkMail {
  protected template = 'verify_email'
  protected kind = 'verify-email'
  protected page = '/auth/verify'
  subject = 'Confirm your email address for ReviewRoute'

  protected details() {
    return {
      heading: 'Confirm your email address',
      buttonLabel: 'Confirm my email',
      reason:
        'You get this mail because this address was used to create or update a ReviewRoute account. Feedback alerts are sent only once it is confirmed.',
    }
  }
}
