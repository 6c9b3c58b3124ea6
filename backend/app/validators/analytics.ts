import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { messages } from '#validators/messages'
import { REQUEST_SOURCES } from '#contract/integrations'

/** A calendar day written 'YYYY-MM-DD' that exists (no 30 February). */
const calendarDay = vine.createRule((value, _, field) => {
  if (typeof value !== 'string') return
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !DateTime.fromISO(value).isValid) {
    field.report('The {{ field }} field must be a real date (YYYY-MM-DD)', 'calendarDay', field)
  }
})

/**
 * GET /api/analytics/range: IST days `from` and `to` (both included), each may be left out, and the business (left
 * out: all of the owner's). Rules across the two dates (order, length, not after today) are the action's.
 */
export const analyticsRangeValidator = vine.compile(
  vine.object({
    from: vine.string().use(calendarDay()).optional(),
    to: vine.string().use(calendarDay()).optional(),
    businessId: vine.number().withoutDecimals().positive().optional(),
    /** One source's ratings only (docs/decisions.md D72). */
    source: vine.enum(REQUEST_SOURCES).optional(),
  })
)
analyticsRangeValidator.messagesProvider = messages
