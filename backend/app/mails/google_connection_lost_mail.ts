import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/**
 * Tells the people who run a workspace's businesses that Google stopped accepting its Business Profile connection
 * (docs/decisions.md D44): reviews stop coming in until someone connects Google again.
 */
export default class GoogleConnectionLostMail extends AppMail {
  protected template = 'google_connection_lost'
  protected kind = 'google-connection-lost'
  protected recipient: string
  subject = 'Google reviews stopped syncing: connect Google again'

  constructor(
    private user: User,
    private googleEmail: string | null
  ) {
    super()
    this.recipient = user.email
  }

  protected content() {
    return {
      heading: 'Google no longer accepts the connection',
      firstName: this.user.firstName ?? 'there',
      googleEmail: this.googleEmail,
      button: { label: 'Connect Google again', url: linkTo('/dashboard/google') },
      reason: 'You get this mail because you run businesses of a workspace connected to Google Business Profile.',
    }
  }
}
