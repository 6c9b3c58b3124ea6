import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { SHORT_URL_MAX, SHORT_URL_MIN } from '#lib/constants'

export const searchBusinessValidator = vine.compile(
  vine.object({
    query: vine.string().trim().minLength(2).maxLength(200),
    location: vine.string().trim().maxLength(100).nullable().optional(),
  })
)
searchBusinessValidator.messagesProvider = messages

export const selectBusinessValidator = vine.compile(
  vine.object({
    placeId: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(255)
      .regex(/^[A-Za-z0-9_-]+$/),
    // How customers are asked (docs/decisions.md D51): absent is "By rating", the product as first specified.
    complianceMode: vine.boolean({ strict: true }).optional(),
  })
)
selectBusinessValidator.messagesProvider = messages

const shortUrl = () =>
  vine
    .string()
    .trim()
    .toLowerCase()
    .minLength(SHORT_URL_MIN)
    .maxLength(SHORT_URL_MAX)
    .regex(/^[a-z0-9-]+$/)

export const updateShortUrlValidator = vine.compile(vine.object({ shortUrl: shortUrl() }))
updateShortUrlValidator.messagesProvider = messages

/** Owner settings of a business (Refine's PATCH /api/businesses/:id). */
export const updateBusinessValidator = vine.compile(
  vine.object({
    shortUrl: shortUrl().optional(),
    complianceMode: vine.boolean({ strict: true }).optional(),
    language: vine.enum(REVIEW_LANGUAGES).nullable().optional(),
  })
)
updateBusinessValidator.messagesProvider = messages
