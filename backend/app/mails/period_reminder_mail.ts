import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/** The paid period ends in a few days; plans do not renew by themselves. */
export default class PeriodReminderMail extends AppMail {
  protected template = 'period_reminder'
  protected kind = 'period-reminder'
  protected recipient: string

  constructor(
    private owner: User,
    private planName: string,
    private ends: string
  ) {
    super()
    this.recipient = owner.email
    this.subject = `Your ReviewRoute Pro plan ends on ${ends}`
  }

  protected content() {
    return {
      heading: `Your plan ends on ${this.ends}`,
      firstName: this.owner.firstName ?? 'there',
      planName: this.planName,
      ends: this.ends,
      button: { label: 'Open billing', url: linkTo('/billing') },
      reason:
        'You get this mail because your ReviewRoute plan is about to end; mails about your account and payments always go to your address.',
    }
  }
}
