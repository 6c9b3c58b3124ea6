import type Integration from '#models/integration'
import type IntegrationEvent from '#models/integration_event'
import { appUrl } from '#lib/app_url'
import type { IntegrationDto, IntegrationEventDto } from '#types/api'

/** Where the provider sends its webhooks for this integration. */
export const integrationHookUrl = (integration: Pick<Integration, 'provider' | 'token'>) =>
  appUrl(`/api/integrations/hooks/${integration.provider}/${integration.token}`)

export function serializeIntegration(
  integration: Integration,
  recent: IntegrationDto['recent'] = { scheduled: 0, skipped: 0, rejected: 0 },
  secret?: string
): IntegrationDto {
  return {
    id: integration.id,
    businessId: integration.businessId,
    provider: integration.provider,
    webhookUrl: integrationHookUrl(integration),
    ...(secret ? { secret } : {}),
    trigger: integration.trigger,
    delayMinutes: integration.delayMinutes,
    channel: integration.channel,
    minAmountPaise: integration.minAmountPaise,
    active: integration.active,
    consentConfirmedAt: integration.consentConfirmedAt.toISO()!,
    lastEventAt: integration.lastEventAt?.toISO() ?? null,
    recent,
  }
}

export function serializeIntegrationEvent(event: IntegrationEvent): IntegrationEventDto {
  return {
    id: Number(event.id),
    receivedAt: event.receivedAt.toISO()!,
    reference: event.reference,
    customer: event.customerMasked,
    outcome: event.outcome,
    reason: event.reason,
    requestId: event.reviewRequestId,
    sendAt: event.sendAt?.toISO() ?? null,
    test: event.test,
  }
}
