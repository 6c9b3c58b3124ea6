import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { WIDGET_LAYOUTS, WIDGET_MAX_SITES } from '#contract/widget'

/** PATCH /api/google-reviews/{id}: pin to or hide from the website widget (docs/decisions.md D49). */
export const googleReviewWidgetValidator = vine.compile(
  vine.object({
    pinned: vine.boolean({ strict: true }).optional(),
    hidden: vine.boolean({ strict: true }).optional(),
  })
)
googleReviewWidgetValidator.messagesProvider = messages

/** PUT /api/businesses/{id}/widget: each site is checked as an origin afterwards (#lib/site_origin). */
export const widgetSettingsValidator = vine.compile(
  vine.object({
    layout: vine.enum(WIDGET_LAYOUTS).optional(),
    allowedSites: vine.array(vine.string().trim().maxLength(300)).maxLength(WIDGET_MAX_SITES).optional(),
  })
)
widgetSettingsValidator.messagesProvider = messages
