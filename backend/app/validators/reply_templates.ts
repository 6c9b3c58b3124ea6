import vine from '@vinejs/vine'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'
import { messages } from '#validators/messages'
import { plainText } from '#validators/plain_text'
import { withinReplyBytes } from '#validators/google'
import { REPLY_TEMPLATE_NAME_MAX } from '#contract/reply_templates'

export const STARS_MESSAGE = 'Stars must be a list of different whole numbers from 1 to 5, at least one'

/** A non-empty set of ratings: whole numbers 1-5 (not strings), each once. One sentence for the whole list. */
const starSet = vine.createRule((value, _, field) => {
  const stars = value as unknown[]
  const whole = stars.every((star) => typeof star === 'number' && Number.isInteger(star) && star >= 1 && star <= 5)
  if (stars.length === 0 || !whole || new Set(stars).size !== stars.length) field.report(STARS_MESSAGE, 'starSet', field)
})

/** Text that is not empty once trimmed, with the sentence that says what is missing. */
const filledIn = vine.createRule((value, message: string, field) => {
  if (typeof value === 'string' && value.length === 0) field.report(message, 'filledIn', field)
})

const fields = {
  name: () => vine.string().trim().use(filledIn('Please give the template a name')).maxLength(REPLY_TEMPLATE_NAME_MAX).use(plainText()),
  body: () =>
    vine
      .string()
      .trim()
      .use(filledIn('Please write the reply'))
      .use(withinReplyBytes())
      .use(plainText({ lines: true })),
  stars: () => vine.array(vine.any()).use(starSet()),
  language: () => vine.enum(REVIEW_LANGUAGES),
}

/** POST /api/reply-templates (docs/decisions.md D46) */
export const createReplyTemplateValidator = vine.compile(
  vine.object({ name: fields.name(), body: fields.body(), stars: fields.stars(), language: fields.language() })
)
createReplyTemplateValidator.messagesProvider = messages

/** PATCH /api/reply-templates/{id}: any of the fields. */
export const updateReplyTemplateValidator = vine.compile(
  vine.object({
    name: fields.name().optional(),
    body: fields.body().optional(),
    stars: fields.stars().optional(),
    language: fields.language().optional(),
  })
)
updateReplyTemplateValidator.messagesProvider = messages

/** POST /api/google-reviews/{id}/draft */
export const replyDraftValidator = vine.compile(vine.object({ tone: vine.enum(['warm', 'formal', 'brief'] as const).optional() }))
replyDraftValidator.messagesProvider = messages
