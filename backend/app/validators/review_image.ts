import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { IMAGE_FORMATS } from '#services/review_images/review_image'

/** GET /api/google-reviews/{id}/image?format=square|story (square when left out). */
export const reviewImageQueryValidator = vine.compile(
  vine.object({
    format: vine.enum(IMAGE_FORMATS).optional(),
  })
)
reviewImageQueryValidator.messagesProvider = messages
