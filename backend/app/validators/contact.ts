import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

export const contactValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(200),
    email: vine.string().trim().maxLength(254).email(),
    subject: vine.string().trim().minLength(1).maxLength(300),
    message: vine.string().trim().minLength(1).maxLength(5000),
  })
)
contactValidator.messagesProvider = messages
