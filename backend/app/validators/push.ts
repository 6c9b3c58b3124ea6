import vine from '@vinejs/vine'
import { messages } from '#validators/messages'

/** A browser's PushSubscription as `subscription.toJSON()` gives it, with a name for the device. */
export const pushSubscriptionValidator = vine.compile(
  vine.object({
    endpoint: vine
      .string()
      .trim()
      .maxLength(2000)
      .url({ require_protocol: true, protocols: ['https', 'http'], require_tld: false }),
    keys: vine.object({
      p256dh: vine
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
      auth: vine
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/),
    }),
    label: vine.string().trim().minLength(1).maxLength(100).optional(),
  })
)
pushSubscriptionValidator.messagesProvider = messages
