import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

const locationName = () =>
  vine
    .string()
    .trim()
    .maxLength(255)
    .regex(/^accounts\/[^/]+\/locations\/[^/]+$/)

export const linkLocationValidator = vine.compile(
  vine.object({
    name: locationName(),
    businessId: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  })
)
linkLocationValidator.messagesProvider = messages

export const addLocationValidator = vine.compile(vine.object({ name: locationName() }))
addLocationValidator.messagesProvider = messages
