import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

export const AUTO_REPLY_MAX_DELAY_HOURS = 72

/** PUT /api/google/auto-reply: on or off, a delay of 1-72 hours, and 4 and 5 stars or 5 alone. */
export const autoReplyValidator = vine.compile(
  vine.object({
    enabled: vine.boolean({ strict: true }),
    delayHours: vine.number({ strict: true }).withoutDecimals().min(1).max(AUTO_REPLY_MAX_DELAY_HOURS),
    stars: vine
      .array(vine.number({ strict: true }).withoutDecimals().in([4, 5]))
      .minLength(1)
      .distinct(),
  })
)
autoReplyValidator.messagesProvider = messages
