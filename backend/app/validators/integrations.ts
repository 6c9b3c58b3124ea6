import vine from '@vinejs/vine'
import { messages } from '#validators/messages'
import { INTEGRATION_CHANNELS, INTEGRATION_PROVIDERS, MAX_DELAY_MINUTES, PROVIDER_TRIGGERS } from '#contract/integrations'

const ALL_TRIGGERS = [...new Set(Object.values(PROVIDER_TRIGGERS).flat())]

/** A provider's own signing key (Shopify's admin shows its own); printable, no spaces. */
const signingSecret = () =>
  vine
    .string()
    .trim()
    .minLength(8)
    .maxLength(200)
    .regex(/^[\x21-\x7E]+$/)

/** The settings both adding and changing take; each action checks the trigger belongs to the provider. */
const settings = {
  trigger: vine.enum(ALL_TRIGGERS).optional(),
  delayMinutes: vine.number({ strict: true }).withoutDecimals().range([0, MAX_DELAY_MINUTES]).optional(),
  channel: vine.enum(INTEGRATION_CHANNELS).optional(),
  /** ₹0 (every bill) to ₹10,00,000, in paise. */
  minAmountPaise: vine.number({ strict: true }).withoutDecimals().range([0, 100_000_000]).optional(),
  signingSecret: signingSecret().optional(),
}

/** POST /api/businesses/{id}/integrations (docs/decisions.md D72): the owner's consent statement is required. */
export const createIntegrationValidator = vine.compile(
  vine.object({
    provider: vine.enum(INTEGRATION_PROVIDERS),
    consent: vine.literal(true),
    ...settings,
  })
)
createIntegrationValidator.messagesProvider = messages

/** PATCH /api/integrations/{id}: each setting may be left out. */
export const updateIntegrationValidator = vine.compile(
  vine.object({
    ...settings,
    active: vine.boolean({ strict: true }).optional(),
  })
)
updateIntegrationValidator.messagesProvider = messages
