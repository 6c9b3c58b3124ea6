import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { FEEDBACK_MAX_LENGTH } from '#lib/constants'

/** A JSON integer 1-5 (strings such as "5" are refused: the page always sends numbers). */
export const submitReviewValidator = vine.compile(
  vine.object({
    rating: vine.number({ strict: true }).withoutDecimals().range([1, 5]),
    feedback: vine.string().trim().maxLength(FEEDBACK_MAX_LENGTH).nullable().optional(),
  })
)
submitReviewValidator.messagesProvider = messages

export const resolveFeedbackValidator = vine.compile(
  vine.object({
    resolved: vine.boolean({ strict: true }),
  })
)
resolveFeedbackValidator.messagesProvider = messages
