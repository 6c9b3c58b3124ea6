import { inject } from '@adonisjs/core'
import type Integration from '#models/integration'
import type User from '#models/user'
import IntegrationEvent from '#models/integration_event'
import ReceiveIntegrationEvent from '#actions/integrations/receive_integration_event'
import { sampleDelivery } from '#services/integrations/sample_events'
import { indianMobileDigits } from '#lib/phone'

/**
 * "Send a test event" (docs/decisions.md D72): a delivery in the provider's shape for the integration's trigger,
 * signed with its key and taken through the whole path (signature, format, the rules, the scheduled request),
 * for a customer who is the member pressing it, with their phone and address. Answers the outcome in plain words.
 */
@inject()
export default class SendTestEvent {
  constructor(private receive: ReceiveIntegrationEvent) {}

  async handle(integration: Integration, user: User) {
    const { headers, raw } = sampleDelivery(integration.provider, integration.trigger, integration.signingSecret(), {
      firstName: user.firstName || 'Test',
      lastName: user.lastName || 'Customer',
      phone: user.phone ? indianMobileDigits(user.phone) : null,
      email: user.email,
    })
    const answer = await this.receive.handle(integration.provider, integration.token, headers, raw, true)
    const event = answer.status === 200 && answer.eventId ? await IntegrationEvent.find(answer.eventId) : null
    return { status: answer.status, event, message: describe(answer, event) }
  }
}

function describe(answer: Awaited<ReturnType<ReceiveIntegrationEvent['handle']>>, event: IntegrationEvent | null) {
  if (answer.status !== 200) return `The test event was refused: ${answer.error}`
  if (!event) return 'The test event arrived, but it is not the event this integration waits for.'
  if (event.outcome === 'scheduled') return `It works: a test ${event.reason}, to you.`
  return `The test event arrived and was checked, but no request was scheduled: ${event.reason}.`
}
