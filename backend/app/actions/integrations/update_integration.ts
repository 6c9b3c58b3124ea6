import type Integration from '#models/integration'
import { triggerOf } from '#actions/integrations/create_integration'
import { defaultDelayMinutes } from '#contract/integrations'
import type { UpdateIntegrationRequest } from '#types/api'

/**
 * Changes an integration's settings (docs/decisions.md D72); a setting left out stays. A new trigger without a delay
 * takes that trigger's default delay. A new signing key is the provider's (pasted from its screen).
 */
export default class UpdateIntegration {
  async handle(integration: Integration, input: UpdateIntegrationRequest) {
    if (input.trigger !== undefined) {
      integration.trigger = triggerOf(integration.provider, input.trigger)
      if (input.delayMinutes === undefined) integration.delayMinutes = defaultDelayMinutes(integration.trigger)
    }
    if (input.delayMinutes !== undefined) integration.delayMinutes = input.delayMinutes
    if (input.channel !== undefined) integration.channel = input.channel
    if (input.minAmountPaise !== undefined) integration.minAmountPaise = input.minAmountPaise
    if (input.active !== undefined) integration.active = input.active
    if (input.signingSecret !== undefined) integration.setSigningSecret(input.signingSecret)
    await integration.save()
    return integration
  }
}
