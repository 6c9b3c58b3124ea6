import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { ALERT_CHANNELS, FeedbackAlerts, GOOGLE_REVIEW_ALERT_STARS } from '#lib/notification_enums'
import { REVIEW_LANGUAGES } from '#contract/review_messages/index'

/** Vine's `optional()` lets null through as "left out"; here null is a value outside the contract. */
const notNull = vine.createRule(
  (value, _, field) => {
    if (value === null) field.report('The {{ field }} field must not be null', 'notNull', field)
  },
  { implicit: true }
)

const channelList = () => vine.array(vine.enum(ALERT_CHANNELS)).maxLength(ALERT_CHANNELS.length).distinct().use(notNull())

/** A PATCH: each setting may be left out, and only the contract's values pass (docs/decisions.md D30). */
export const updateNotificationSettingsValidator = vine.compile(
  vine.object({
    feedbackAlerts: vine.enum(FeedbackAlerts).use(notNull()).optional(),
    weeklySummary: vine.boolean({ strict: true }).use(notNull()).optional(),
    /** 1-3 star Google reviews (docs/decisions.md D47): the same choices as feedbackAlerts. */
    googleReviewAlerts: vine.enum(FeedbackAlerts).use(notNull()).optional(),
    /** Which Google reviews alert them (docs/decisions.md D71): 1-3 stars, or all. */
    googleReviewAlertStars: vine.enum(GOOGLE_REVIEW_ALERT_STARS).use(notNull()).optional(),
    /** The language of their phone alerts: one of the customer page's nine. */
    alertLanguage: vine.enum(REVIEW_LANGUAGES).use(notNull()).optional(),
    /** Where each kind goes (docs/decisions.md D68): a kind left out keeps its channels; [] sends it nowhere. */
    channels: vine
      .object({
        feedback: channelList().optional(),
        googleReviews: channelList().optional(),
        summaries: channelList().optional(),
      })
      .use(notNull())
      .optional(),
    /** Quiet hours (docs/decisions.md D70), whole hours India time; null for none. */
    quietHours: vine
      .object({
        from: vine.number({ strict: true }).withoutDecimals().range([0, 23]),
        until: vine.number({ strict: true }).withoutDecimals().range([0, 23]),
      })
      .nullable()
      .optional(),
  })
)
updateNotificationSettingsValidator.messagesProvider = messages

/** The mobile number WhatsApp alerts go to (docs/decisions.md D69); its form is checked by the action. */
export const whatsappAlertPhoneValidator = vine.compile(vine.object({ phone: vine.string().trim().minLength(10).maxLength(20) }))
whatsappAlertPhoneValidator.messagesProvider = messages

/** The 6-digit code sent to that number. */
export const whatsappAlertCodeValidator = vine.compile(
  vine.object({
    code: vine
      .string()
      .trim()
      .regex(/^[0-9]{6}$/),
  })
)
whatsappAlertCodeValidator.messagesProvider = messages

/** The token of an opened push notification (its form is checked by the action). */
export const alertOpenedValidator = vine.compile(vine.object({ token: vine.string().trim().maxLength(64) }))
alertOpenedValidator.messagesProvider = messages
