/* Billing: this month's alert messages on WhatsApp (GET /api/billing/alert-messages), paid by ReviewRoute. */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { costText, monthText, priceText } from '#components/billing/alert-messages'
import { openBilling } from './billing-screen'

afterEach(() => vi.unstubAllGlobals())

const calls = (api: ReturnType<typeof openBilling>) => api.calls.filter((call) => call.path === '/api/billing/alert-messages')

describe('billing: alert messages on WhatsApp', () => {
  it('says how many were sent this month and what they cost ReviewRoute, asked once', async () => {
    const api = openBilling({
      'GET /api/billing/alert-messages': { month: '2026-11', messages: 14, costInr: 1.61, pricePerMessageInr: 0.115 },
    })
    const line = await screen.findByText(/^Alerts on WhatsApp this month:/)
    expect(line).toHaveTextContent(
      'Alerts on WhatsApp this month: 14 messages, about ₹1.61 (₹0.115 a message). ReviewRoute pays for these.'
    )
    expect(calls(api)).toHaveLength(1)
  })

  it('says "1 message" for one', async () => {
    openBilling({ 'GET /api/billing/alert-messages': { month: '2026-11', messages: 1, costInr: 0.115, pricePerMessageInr: 0.115 } })
    expect(await screen.findByText(/^Alerts on WhatsApp this month:/)).toHaveTextContent('1 message, about ₹0.12 (₹0.115 a message)')
  })

  it('shows nothing when the call fails', async () => {
    const api = openBilling({ 'GET /api/billing/alert-messages': { status: 500, body: { error: 'Internal server error' } } })
    await screen.findByText('Payment history')
    await vi.waitFor(() => expect(calls(api)).toHaveLength(1))
    expect(screen.queryByText(/Alerts on WhatsApp/)).not.toBeInTheDocument()
  })

  it('writes rupees, prices and months the Indian way', () => {
    expect(costText(1234.5)).toBe('₹1,234.50')
    expect(priceText(0.115)).toBe('₹0.115')
    expect(priceText(0.1)).toBe('₹0.10')
    expect(monthText('2026-11')).toBe('November 2026')
  })
})
