import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { POSTER_SIZES } from '#services/posters/poster_pdf'

/** GET /api/businesses/:id/poster.pdf?size=a4|a5 (A4 when left out). */
export const posterQueryValidator = vine.compile(
  vine.object({
    size: vine.enum(POSTER_SIZES).optional(),
  })
)
posterQueryValidator.messagesProvider = messages
