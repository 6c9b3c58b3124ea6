import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

/** PUT /api/workspaces/{id}/brand: the logo's own checks (type, size, SVG content) are app/services/brand/brand_logo.ts. */
export const updateBrandValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(60),
    color: vine
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .transform((value) => value.toLowerCase()),
    logo: vine.string().nullable().optional(),
  })
)
updateBrandValidator.messagesProvider = messages
