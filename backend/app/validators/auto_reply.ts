import vine from '@vinejs/vine'
import type { MessagesProviderContact } from '@vinejs/vine/types'
import { messages } from '#validators/messages'

export const AUTO_REPLY_MAX_DELAY_HOURS = 72

export const AUTO_REPLY_STARS_MESSAGE = 'Auto-reply answers 4 and 5 stars only: choose 4 and 5, or 5 alone.'
export const AUTO_REPLY_DELAY_MESSAGE = `The delay must be a whole number of hours, from 1 to ${AUTO_REPLY_MAX_DELAY_HOURS} hours.`

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

/** One sentence for whatever is wrong with the stars (the list or any of its items) and with the delay. */
const sentences: MessagesProviderContact = {
  getMessage(rawMessage, rule, field, args) {
    const path = field.wildCardPath
    if (path === 'stars' || path.startsWith('stars.'))
      return rule === 'required' ? messages.getMessage(rawMessage, rule, field, args) : AUTO_REPLY_STARS_MESSAGE
    if (path === 'delayHours' && rule !== 'required') return AUTO_REPLY_DELAY_MESSAGE
    return messages.getMessage(rawMessage, rule, field, args)
  },
}
autoReplyValidator.messagesProvider = sentences
