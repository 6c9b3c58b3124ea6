import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { normalizeEmail } from '#lib/email'

const email = () => vine.string().trim().toLowerCase().maxLength(254).email().transform(normalizeEmail)
const personName = () => vine.string().trim().maxLength(100)

export const registerValidator = vine.compile(
  vine.object({
    email: email(),
    password: vine.string().minLength(8).maxLength(128),
    firstName: personName().optional(),
    lastName: personName().optional(),
  })
)
registerValidator.messagesProvider = messages

export const loginValidator = vine.compile(
  vine.object({
    email: email(),
    password: vine.string().minLength(1).maxLength(128),
  })
)
loginValidator.messagesProvider = messages

/** The profile page sends first/last name; the profile dialog sends name and phone (and email, ignored). */
export const updateProfileValidator = vine.compile(
  vine.object({
    firstName: personName().nullable().optional(),
    lastName: personName().nullable().optional(),
    name: vine.string().trim().maxLength(201).optional(),
    phone: vine.string().trim().maxLength(20).nullable().optional(),
    email: vine.any().optional(),
  })
)
updateProfileValidator.messagesProvider = messages

export const updatePhoneValidator = vine.compile(
  vine.object({
    phone: vine.string().trim().maxLength(20),
  })
)
updatePhoneValidator.messagesProvider = messages
