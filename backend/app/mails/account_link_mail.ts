import type User from '#models/user'
import { AppMail, linkTo, type MailContent } from '#mails/app_mail'

/**
 * A mail whose button is a single-use link for the owner (password reset, email verification, a new address):
 * the subclasses say where it goes and what it says; the token travels only in the link.
 */
export abstract class AccountLinkMail extends AppMail {
  protected recipient: string
  /** The site page the link opens, e.g. '/auth/reset'. */
  protected abstract page: string
  protected abstract details(): { heading: string; reason: string; buttonLabel: string; [field: string]: unknown }

  constructor(
    protected user: User,
    private token: string,
    /** Where the link goes when it is not the account's address (a new address being confirmed). */
    recipient?: string
  ) {
    super()
    this.recipient = recipient ?? user.email
  }

  protected content(): MailContent {
    const { buttonLabel, heading, reason, ...details } = this.details()
    return {
      firstName: this.user.firstName ?? 'there',
      ...details,
      heading,
      reason,
      button: { label: buttonLabel, url: linkTo(`${this.page}?token=${encodeURIComponent(this.token)}`) },
    }
  }
}
