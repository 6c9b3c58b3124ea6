/*
 * The contact-form inbox for operators (docs/decisions.md D34): messages, handled or not; mark one handled, or reply
 * by mail (which handles it), each with a reason and an audit row.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ContactMessage from '#models/contact_message'
import MarkContactHandled from '#actions/admin/mark_contact_handled'
import ReplyToContact from '#actions/admin/reply_to_contact'
import { paginate } from '#lib/list_query'
import { ADMIN_CONTACT_LIST } from '#queries/list_specs'
import { userEmails } from '#queries/admin_rows'
import { reasonValidator, replyValidator } from '#validators/admin'
import type { AdminContactMessageDto } from '#types/api'

async function serialize(messages: ContactMessage[]): Promise<AdminContactMessageDto[]> {
  const handlers = await userEmails(messages.flatMap((message) => message.handledBy ?? []))
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

  @inject()
  async handle({ auth, params, request }: HttpContext, markHandled: MarkContactHandled): Promise<AdminContactMessageDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    const [shown] = await serialize([await markHandled.handle(auth.getUserOrFail(), params.id, reason)])
    return shown
  }

  @inject()
  async reply({ auth, params, request }: HttpContext, reply: ReplyToContact): Promise<AdminContactMessageDto> {
    const { message: text, reason } = await request.validateUsing(replyValidator)
    const [shown] = await serialize([await reply.handle(auth.getUserOrFail(), params.id, text, reason)])
    return shown
  }
}
