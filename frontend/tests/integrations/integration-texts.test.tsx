/*
 * The integrations screen's words and set-up steps (docs/integrations.md), and the business analytics screen's way
 * to the screen.
 */
import { screen } from '@testing-library/react'
import { INTEGRATION_PROVIDERS, PROVIDER_TRIGGERS } from '@reviewroute/backend/contract/integrations'
import { describe, expect, it } from 'vitest'
import { integrationWarnings, triggerLabel, waitText } from '#components/integrations/integration-texts'
import { IntegrationsLinkCard } from '#components/integrations/integrations-link-card'
import { setupSteps } from '#components/integrations/setup-steps'
import { renderScreen } from '../helpers'

describe('Integration texts', () => {
  it('says a wait in days, hours and minutes', () => {
    expect(waitText(0)).toBe('no wait')
    expect(waitText(30)).toBe('30 minutes')
    expect(waitText(60)).toBe('1 hour')
    expect(waitText(120)).toBe('2 hours')
    expect(waitText(90)).toBe('1 hour 30 minutes')
    expect(waitText(1440)).toBe('1 day')
    expect(waitText(2 * 1440 + 60)).toBe('2 days 1 hour')
  })

  it('has words for every trigger of every provider', () => {
    for (const provider of INTEGRATION_PROVIDERS)
      for (const trigger of PROVIDER_TRIGGERS[provider]) expect(triggerLabel(trigger)).not.toBe(trigger)
    expect(triggerLabel('orders/fulfilled')).toBe('Order delivered (fulfilled)')
    expect(triggerLabel('Appointment.Completed')).toBe('Appointment completed')
  })

  it('warns of a quiet webhook after 7 days, and of unscheduled events from 5 of them on', () => {
    const now = Date.parse('2026-12-10T12:00:00.000Z')
    const base = { lastEventAt: '2026-12-03T13:00:00.000Z', recent: { scheduled: 2, skipped: 2, rejected: 0 } }
    const warnings = (overrides: Partial<typeof base>) => integrationWarnings({ ...base, ...overrides } as never, 'Zoho Books', now)
    expect(warnings({})).toEqual([])
    expect(warnings({ lastEventAt: '2026-12-03T11:00:00.000Z' })).toEqual([
      'No events in the last 7 days: check the webhook in Zoho Books.',
    ])
    expect(warnings({ recent: { scheduled: 1, skipped: 2, rejected: 1 } })).toEqual([])
    expect(warnings({ recent: { scheduled: 2, skipped: 2, rejected: 1 } })).toEqual([
      'Most recent events did not schedule a request: open the event log to see why.',
    ])
    expect(warnings({ recent: { scheduled: 3, skipped: 2, rejected: 1 } })).toEqual([])
  })

  it('gives each provider numbered steps with the path to each screen, naming the event the integration waits for', () => {
    for (const provider of INTEGRATION_PROVIDERS) {
      const steps = setupSteps(provider, PROVIDER_TRIGGERS[provider][0])
      expect(steps.length).toBeGreaterThanOrEqual(4)
      for (const step of steps) {
        expect(step.path.length).toBeGreaterThan(0)
        expect(`${step.text} ${step.path.join(' ')}`).not.toContain('{event}')
      }
      expect(steps.at(-1)!.text).toContain('"Send a test event"')
    }
    expect(setupSteps('razorpay', 'order.paid')[3]).toEqual({
      text: 'Tick the event order.paid.',
      path: ['Add new webhook', 'Active Events', 'order.paid'],
    })
    expect(setupSteps('shopify', 'orders/paid')[1].text).toBe('Create webhook: event "Order payment", format JSON.')
    expect(setupSteps('shopify', 'orders/fulfilled')[1].text).toBe('Create webhook: event "Order fulfillment", format JSON.')
    expect(setupSteps('zenoti', 'Appointment.Completed')[1].text).toContain('Appointment.Completed')
    expect(
      setupSteps('zoho_books', 'invoice.paid')
        .map((step) => step.text)
        .join(' ')
    ).toContain('X-ReviewRoute-Secret')
  })
})

describe('The business analytics screen’s Integrations card', () => {
  it('leads to the business’s integrations', async () => {
    renderScreen(<IntegrationsLinkCard businessId={7} />)
    const group = await screen.findByRole('group', { name: 'Integrations' })
    expect(group).toHaveTextContent('Requests that send themselves after a bill, an order or an appointment')
    expect(screen.getByRole('link', { name: /Integrations/ })).toHaveAttribute('href', '/business/7/integrations')
  })
})
