import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

/** Every operator write says why (docs/decisions.md D34). */
const reason = () => vine.string().trim().minLength(3).maxLength(500)
const code = () => vine.string().trim().minLength(6).maxLength(20)

export const reasonValidator = vine.compile(vine.object({ reason: reason() }))
reasonValidator.messagesProvider = messages

export const extendTrialValidator = vine.compile(
  vine.object({ days: vine.number({ strict: true }).withoutDecimals().range([1, 90]), reason: reason() })
)
extendTrialValidator.messagesProvider = messages

export const grantPlanValidator = vine.compile(vine.object({ months: vine.enum([1, 6, 12] as const), reason: reason() }))
grantPlanValidator.messagesProvider = messages

export const replyValidator = vine.compile(vine.object({ message: vine.string().trim().minLength(2).maxLength(5000), reason: reason() }))
replyValidator.messagesProvider = messages

export const twoFactorCodeValidator = vine.compile(vine.object({ code: code() }))
twoFactorCodeValidator.messagesProvider = messages
