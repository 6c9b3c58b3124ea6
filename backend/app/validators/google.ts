import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { plainText } from '#validators/plain_text'
import { REPLY_MAX_BYTES, REPLY_TOO_LONG, replyBytes } from '#contract/google_replies'

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

/** Within Google's limit on a reply (contract/google_replies.ts), with its one sentence. */
export const withinReplyBytes = vine.createRule((value, _, field) => {
  if (typeof value === 'string' && replyBytes(value) > REPLY_MAX_BYTES) field.report(REPLY_TOO_LONG, 'maxBytes', field)
})

/**
 * PUT /api/google-reviews/{id}/reply {comment}: 1-4096 UTF-8 bytes once the spaces around it are trimmed, lines of
 * plain text (no control or text-direction characters: it is posted in public under the business's name).
 */
export const googleReplyValidator = vine.compile(
  vine.object({
    comment: vine
      .string()
      .trim()
      .minLength(1)
      .use(withinReplyBytes())
      .use(plainText({ lines: true })),
  })
)
googleReplyValidator.messagesProvider = messages

/** GET /api/google-reviews/stats: IST days `from` and `to` (both included, either may be left out) and the business. */
export const googleReviewStatsValidator = vine.compile(
  vine.object({
    businessId: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    from: vine
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    to: vine
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
)
googleReviewStatsValidator.messagesProvider = messages
