import type { DateTime } from 'luxon'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { BUSINESS_TIME_ZONE } from '#lib/constants'

/** How the password was changed: a mailed reset link, or the owner's profile with the current one. */
export type PasswordChangeWay = 'reset' | 'profile'

const HOW: Record<PasswordChangeWay, string> = {
  reset: 'with a password reset link sent to this address',
  profile: 'from your profile, with your current password',
}

/**
 * Tells the account's address that its password changed (docs/product-rules.md#mails-about-the-account): when, how,
 * and what to do when it was not the owner. An account-security mail, always sent, verified address or not.
 */
export default class PasswordChangedMail extends AppMail {
  protected template = 'password_changed'
  protected kind = 'password-changed'
  protected recipient: string
  subject = 'Your ReviewRoute password was changed'

  constructor(
    private user: User,
    private way: PasswordChangeWay,
    private changedAt: DateTime
  ) {
    super()
    this.recipient = user.email
  }

  protected content() {
    return {
      heading: 'Your password was changed',
      firstName: this.user.firstName ?? 'there',
      when: this.changedAt.setZone(BUSINESS_TIME_ZONE).setLocale('en-IN').toFormat("d LLLL yyyy 'at' h:mm a 'IST'"),
      how: HOW[this.way],
      // A reset signs out every device, a change from the profile every other one.
      signedOut: this.way === 'reset' ? 'Every device that was signed in' : 'Every other device that was signed in',
      button: { label: 'Reset my password', url: linkTo('/auth/forgot') },
      contactUrl: linkTo('/contact'),
      reason: 'You get this mail because it is about the security of the ReviewRoute account with this address.',
    }
  }
}
