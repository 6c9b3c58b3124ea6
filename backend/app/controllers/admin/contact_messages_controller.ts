/*
 * The contact-form inbox for operators (docs/decisions.md D34): messages, handled or not; mark one handled, or reply
 * by mail (which handles it), each with a reason and an audit row.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import ContactMessage from '#models/contact_message'
import type User from '#models/user'
import ContactReplyMail from '#mails/contact_reply_mail'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { paginate } from '#lib/list_query'
import { ADMIN_CONTACT_LIST } from '#lib/admin_lists'
import { reasonValidator, replyValidator } from '#validators/admin'
import { NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'
import type { AdminContactMessageDto } from '#types/api'

async function serialize(messages: ContactMessage[]): Promise<AdminContactMessageDto[]> {
  const handlers = new Map(
    (await db.from('users').whereIn('id', messages.flatMap((message) => message.handledBy ?? [])).select('id', 'email')).map((row) => [row.id, row.email as string])
  )
  return messages.map((message) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    userId: message.userId,
    createdAt: message.createdAt.toISO()!,
    handledAt: message.handledAt?.toISO() ?? null,
    handledBy: message.handledBy === null ? null : (handlers.get(message.handledBy) ?? null),
  }))
}

export default class AdminContactMessagesController {
  async index(ctx: HttpContext): Promise<AdminContactMessageDto[]> {
    return serialize(await paginate(ctx, ContactMessage.query(), ADMIN_CONTACT_LIST, (message: ContactMessage) => message))
  }

  async handle({ auth, params, request }: HttpContext): Promise<AdminContactMessageDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    return this.markHandled(auth.getUserOrFail(), params.id, 'contact.handle', reason)
  }

  /** Mails the answer to the sender first; only a sent answer marks the message handled. */
  async reply({ auth, params, request }: HttpContext): Promise<AdminContactMessageDto> {
    const { message: text, reason } = await request.validateUsing(replyValidator)
    const message = await ContactMessage.find(params.id)
    if (!message) throw new NotFoundError('Message not found')
    try {
      await mail.send(new ContactReplyMail(message, text))
    } catch {
      throw new ServiceUnavailableError('The reply could not be sent. Please try again.')
    }
    return this.markHandled(auth.getUserOrFail(), message.id, 'contact.reply', reason, { reply: text })
  }

  private async markHandled(operator: User, id: number, action: string, reason: string, extra: object = {}) {
    const message = await db.transaction(async (trx) => {
      const row = await ContactMessage.query({ client: trx }).where('id', id).forUpdate().first()
      if (!row) throw new NotFoundError('Message not found')
      const before = { handledAt: row.handledAt?.toISO() ?? null }
      row.merge({ handledAt: clock.now(), handledBy: operator.id })
      await row.useTransaction(trx).save()
      await AuditLog.record(trx, operator, { action, targetType: 'contact_message', targetId: row.id, before, after: { handledAt: row.handledAt!.toISO(), ...extra }, reason })
      return row
    })
    return (await serialize([message]))[0]
  }
}
