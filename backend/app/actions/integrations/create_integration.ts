import { randomBytes } from 'node:crypto'
import type Business from '#models/business'
import type User from '#models/user'
import Integration from '#models/integration'
import { FieldError } from '#exceptions/app_errors'
import { defaultDelayMinutes, PROVIDER_TRIGGERS } from '#contract/integrations'
import { clock } from '#lib/clock'
import type { CreateIntegrationRequest } from '#types/api'

export const TRIGGER_NOT_OF_PROVIDER = "This event is not one of this provider's."

/** The trigger given, checked against the provider's, or the provider's default. */
export function triggerOf(provider: Integration['provider'], trigger: string | undefined) {
  const triggers: readonly string[] = PROVIDER_TRIGGERS[provider]
  if (trigger === undefined) return triggers[0]
  if (!triggers.includes(trigger)) throw new FieldError('trigger', TRIGGER_NOT_OF_PROVIDER)
  return trigger
}

/**
 * Adds an integration to a business (docs/decisions.md D72), with the owner's statement that customers agreed at
 * checkout to hear from the business, kept with who made it and when. The webhook address's token is new; the
 * signing key is the provider's own when given (Shopify's admin shows its own), else a new one, answered once.
 */
export default class CreateIntegration {
  async handle(business: Business, user: User, input: CreateIntegrationRequest) {
    const trigger = triggerOf(input.provider, input.trigger)
    const secret = input.signingSecret ?? randomBytes(24).toString('base64url')
    const integration = new Integration().merge({
      businessId: business.id,
      provider: input.provider,
      token: randomBytes(32).toString('base64url'),
      trigger,
      delayMinutes: input.delayMinutes ?? defaultDelayMinutes(trigger),
      channel: input.channel ?? 'auto',
      minAmountPaise: input.minAmountPaise ?? 0,
      active: true,
      consentConfirmedAt: clock.now(),
      consentByUserId: user.id,
    })
    integration.setSigningSecret(secret)
    await integration.save()
    return { integration, secret }
  }
}
