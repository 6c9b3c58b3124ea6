import type { DateTime } from 'luxon'
import { AppMail, linkTo } from '#mails/app_mail'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { DELETED_WITH_ACCOUNT, KEPT_AFTER_DELETION } from '#contract/account_deletion'

/** The deleted account as it was: the row itself is gone by the time the mail is written. */
export interface DeletedAccount {
  email: string
  firstName: string | null
  businessNames: string[]
}

/**
 * Confirms to the address of a deleted account what went and what stays (docs/product-rules.md#mails-about-the-account):
 * the last mail it gets from us, so its footer points at no profile.
 */
export default class AccountDeletedMail extends AppMail {
  protected template = 'account_deleted'
  protected kind = 'account-deleted'
  protected recipient: string
  subject = 'Your ReviewRoute account was deleted'

  constructor(
    private account: DeletedAccount,
    private deletedAt: DateTime
  ) {
    super()
    this.recipient = account.email
  }

  protected content() {
    return {
      heading: 'Your account was deleted',
      firstName: this.account.firstName ?? 'there',
      email: this.account.email,
      when: this.deletedAt.setZone(BUSINESS_TIME_ZONE).setLocale('en-IN').toFormat("d LLLL yyyy 'at' h:mm a 'IST'"),
      deleted: DELETED_WITH_ACCOUNT,
      kept: KEPT_AFTER_DELETION,
      businessNames: this.account.businessNames,
      signUpUrl: linkTo('/auth?mode=signup'),
      button: { label: 'Contact us', url: linkTo('/contact') },
      reason: 'You get this mail because the ReviewRoute account with this address was deleted. It is the last one we send about it.',
      profileUrl: null,
    }
  }
}
