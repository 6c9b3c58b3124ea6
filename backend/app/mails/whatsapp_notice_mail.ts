import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/**
 * Tells the owners of a workspace what Meta said about its WhatsApp Business number (docs/decisions.md D67): its
 * quality or messaging limit changed, or the connection was removed and review requests by WhatsApp stopped.
 */
export default class WhatsAppNoticeMail extends AppMail {
  protected template = 'whatsapp_notice'
  protected kind = 'whatsapp-notice'
  protected recipient: string
  subject: string

  constructor(
    private user: User,
    private notice: { kind: 'quality' | 'disconnected'; message: string }
  ) {
    super()
    this.recipient = user.email
    this.subject =
      notice.kind === 'disconnected' ? 'WhatsApp Business was disconnected: connect it again' : 'Your WhatsApp Business number changed'
  }

  protected content() {
    return {
      heading: this.notice.kind === 'disconnected' ? 'WhatsApp Business was disconnected' : 'Meta changed your number’s standing',
      firstName: this.user.firstName ?? 'there',
      message: this.notice.message,
      button: { label: 'Open review requests', url: linkTo('/dashboard/requests') },
      reason: 'You get this mail because you own a workspace connected to WhatsApp Business.',
    }
  }
}
