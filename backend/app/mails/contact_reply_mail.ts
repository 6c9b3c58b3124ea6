/*
 * An operator's answer to a contact-form message (docs/decisions.md D34): their words, under the sender's subject.
 */
import { AppMail, linkTo } from '#mails/app_mail'

export default class ContactReplyMail extends AppMail {
  protected template = 'contact_reply'
  protected kind = 'contact-reply'
  protected recipient: string

  constructor(
    private contact: { name: string; email: string; subject: string },
    private reply: string
  ) {
    super()
    this.recipient = contact.email
    this.subject = `Re: ${contact.subject}`.slice(0, 300)
  }

  protected content() {
    return {
      heading: 'ReviewRoute support',
      name: this.contact.name,
      paragraphs: this.reply
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
      text: this.reply,
      button: { label: 'Open the help centre', url: linkTo('/help') },
      reason: 'You get this mail because you wrote to us through the contact form.',
    }
  }
}
