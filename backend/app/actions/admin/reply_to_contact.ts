import { inject } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import type User from '#models/user'
import ContactMessage from '#models/contact_message'
import ContactReplyMail from '#mails/contact_reply_mail'
import MarkContactHandled from '#actions/admin/mark_contact_handled'
import { NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'

/** Mails the operator's answer to the sender first; only a sent answer marks the message handled. */
@inject()
export default class ReplyToContact {
  constructor(private markHandled: MarkContactHandled) {}

  async handle(operator: User, id: number, text: string, reason: string) {
    const message = await ContactMessage.find(id)
    if (!message) throw new NotFoundError('Message not found')
    try {
      await mail.send(new ContactReplyMail(message, text))
    } catch {
      throw new ServiceUnavailableError('The reply could not be sent. Please try again.')
    }
    return this.markHandled.handle(operator, message.id, reason, 'contact.reply', { reply: text })
  }
}
