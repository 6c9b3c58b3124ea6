/* The console's payments screen: what this month's alert messages on WhatsApp cost, and the workspaces that got the most. */
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminAlertMessagesDto } from '@reviewroute/backend/types/api'
import { setViewport } from '../chrome/chrome-helpers'
import { adminPayment, list, loadConsoleFirst, operatorApi, renderApp } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const usage: AdminAlertMessagesDto = {
  month: '2026-11',
  messages: 1234,
  costInr: 141.91,
  pricePerMessageInr: 0.115,
  workspaces: [
    { workspaceId: 3, name: 'Asha Rao', messages: 1000, costInr: 115 },
    { workspaceId: 8, name: 'Spice Hub Group', messages: 234, costInr: 26.91 },
  ],
}

const alertCard = async () =>
  (await screen.findByText('Alerts on WhatsApp, November 2026', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement

describe('alert messages in the console', { timeout: 60_000 }, () => {
  it('shows the month’s totals and its top workspaces under the payments', async () => {
    const api = operatorApi({ 'GET /api/admin/payments': list([adminPayment()]), 'GET /api/admin/alert-messages': usage })
    renderApp('/admin/payments')
    const card = await alertCard()
    expect(within(card).getByText('1,234')).toBeInTheDocument()
    expect(within(card).getByText('₹141.91')).toBeInTheDocument()
    expect(within(card).getByText('₹0.115')).toBeInTheDocument()
    const [, first, second] = within(card).getAllByRole('row')
    expect(first).toHaveTextContent('Asha Rao (#3)1,000₹115.00')
    expect(second).toHaveTextContent('Spice Hub Group (#8)234₹26.91')
    expect(api.calls.filter((call) => call.path === '/api/admin/alert-messages')).toHaveLength(1)
  })

  it('says so when they cannot be loaded, and the payments still show', async () => {
    operatorApi({
      'GET /api/admin/payments': list([adminPayment()]),
      'GET /api/admin/alert-messages': { status: 500, body: { error: 'Internal server error', message: 'Internal server error' } },
    })
    renderApp('/admin/payments')
    expect(await screen.findByText('Internal server error')).toBeInTheDocument()
    expect(await screen.findAllByText('₹2,999')).not.toHaveLength(0)
  })
})
