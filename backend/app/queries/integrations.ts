/*
 * A business's integrations with how their last events went, and an integration's event log (docs/decisions.md D72).
 */
import db from '@adonisjs/lucid/services/db'
import Integration from '#models/integration'
import IntegrationEvent from '#models/integration_event'
import { INTEGRATION_EVENTS_KEPT } from '#contract/integrations'

/** How many of an integration's recent events the card's warning looks at. */
export const RECENT_EVENTS = 20

export type RecentOutcomes = { scheduled: number; skipped: number; rejected: number }

export async function integrationsOf(businessId: number) {
  const integrations = await Integration.query().where('business_id', businessId).orderBy('id')
  const recent = new Map<number, RecentOutcomes>()
  for (const integration of integrations) {
    const rows: { outcome: keyof RecentOutcomes }[] = await db
      .from('integration_events')
      .where('integration_id', integration.id)
      .orderBy('id', 'desc')
      .limit(RECENT_EVENTS)
      .select('outcome')
    const counts = { scheduled: 0, skipped: 0, rejected: 0 }
    for (const row of rows) counts[row.outcome]++
    recent.set(integration.id, counts)
  }
  return integrations.map((integration) => ({ integration, recent: recent.get(integration.id)! }))
}

export const integrationEvents = (integrationId: number) =>
  IntegrationEvent.query().where('integration_id', integrationId).orderBy('id', 'desc').limit(INTEGRATION_EVENTS_KEPT)
