/**
 * A server without Razorpay's keys (docs/decisions.md D59): the billing status says `paymentsConfigured: false`, so
 * the plans are shown with a calm note instead of "Upgrade" buttons that could only fail; a 503 the key endpoint
 * still gives says what the server said, never "Please try again".
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PAYMENTS_NOT_CONFIGURED, PAYMENTS_NOT_SET_UP } from '@reviewroute/backend/contract/product_rules'
import { fixtures } from '../helpers'
import { openBilling } from './billing-screen'

vi.setConfig({ testTimeout: 60_000 })

describe('billing: payments not set up on this server', () => {
  it('shows the plans with a note and no Upgrade button', async () => {
    const api = openBilling({ 'GET /api/billing/trial-status': fixtures.trialStatus({ paymentsConfigured: false }) })
    expect(await screen.findByText(PAYMENTS_NOT_SET_UP)).toBeInTheDocument()
    expect(await screen.findByLabelText('6 Months plan')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).not.toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/billing/razorpay-config')).toBe(false)
  })

  it("says the server's sentence when the key endpoint answers that payments are not set up", async () => {
    openBilling({
      'GET /api/billing/razorpay-config': {
        status: 503,
        body: { error: PAYMENTS_NOT_SET_UP, message: PAYMENTS_NOT_SET_UP, code: PAYMENTS_NOT_CONFIGURED },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to 6 Months' }))
    expect(await screen.findByText('Payments Not Set Up')).toBeInTheDocument()
    expect(screen.getAllByText(PAYMENTS_NOT_SET_UP).length).toBeGreaterThan(0)
    expect(screen.queryByText(/Please try again/)).not.toBeInTheDocument()
  })
})
