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

/** Google's limit on a review reply, in UTF-8 bytes (a Hindi or Tamil letter takes 3). */
export const REPLY_MAX_BYTES = 4096
export const REPLY_TOO_LONG = `Google takes replies of up to ${REPLY_MAX_BYTES.toLocaleString('en-IN')} bytes (a Hindi or Tamil letter takes 3). Please shorten it.`

const withinBytes = vine.createRule((value, max: number, field) => {
  if (typeof value === 'string' && Buffer.byteLength(value, 'utf8') > max) field.report(REPLY_TOO_LONG, 'maxBytes', field)
})

/** PUT /api/google-reviews/{id}/reply {comment}: 1-4096 UTF-8 bytes once the spaces around it are trimmed. */
export const googleReplyValidator = vine.compile(
  vine.object({
    comment: vine.string().trim().minLength(1).use(withinBytes(REPLY_MAX_BYTES)),
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
