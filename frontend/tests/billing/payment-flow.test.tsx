import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ALREADY_SUBSCRIBED, ALREADY_SUBSCRIBED_TITLE, CANCELLED_BUT_ACTIVE } from '@reviewroute/backend/contract/product_rules'
import type { Routes } from '../helpers'
import { order, paidStatus } from './fixtures'
import { openBilling, stubCheckout } from './billing-screen'

const open = (routes: Routes = {}) =>
  openBilling({ 'GET /api/billing/razorpay-config': { keyId: 'rzp_test_key' }, 'POST /api/billing/create-payment': order, ...routes })

const upgradeSixMonths = async () => userEvent.click(await screen.findByRole('button', { name: 'Upgrade to 6 Months' }))

describe('billing: starting a payment', () => {
  it("shows 'Payments Not Set Up' with the server's sentence when the payment configuration cannot be loaded", async () => {
    const api = open({ 'GET /api/billing/razorpay-config': { status: 503, body: { error: 'Not configured' } } })
    await upgradeSixMonths()
    expect(await screen.findByText('Payments Not Set Up')).toBeInTheDocument()
    expect(screen.getByText('Not configured')).toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/billing/create-payment')).toBe(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("sends the plan id as a string and shows 'Please Wait' on 429", async () => {
    const api = open({
      'POST /api/billing/create-payment': { status: 429, body: { error: 'Too many requests. Please wait a moment and try again.' } },
    })
    await upgradeSixMonths()
    expect(await screen.findByText('Please Wait')).toBeInTheDocument()
    expect(screen.getByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/billing/create-payment')?.body).toEqual({ planId: 3 })
  })

  it.each([ALREADY_SUBSCRIBED, CANCELLED_BUT_ACTIVE])("shows 'Already Subscribed': %s", async (text) => {
    open({ 'POST /api/billing/create-payment': { status: 409, body: { error: text, title: ALREADY_SUBSCRIBED_TITLE } } })
    await upgradeSixMonths()
    expect(await screen.findByText(ALREADY_SUBSCRIBED_TITLE)).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('refuses an order without an id', async () => {
    open({ 'POST /api/billing/create-payment': { ...order, orderId: '' } })
    await upgradeSixMonths()
    expect(await screen.findByText('Payment Error')).toBeInTheDocument()
    expect(screen.getByText('No subscription ID received from server')).toBeInTheDocument()
  })

  it('asks nothing of the API when the owner already has a plan', async () => {
    const api = open({ 'GET /api/billing/trial-status': paidStatus() })
    await screen.findAllByRole('button', { name: 'Already Enrolled' })
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).not.toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/billing/razorpay-config')).toBe(false)
  })
})

describe('billing: the payment dialog and checkout', () => {
  it('shows the full price and how long the plan lasts, never a renewal', async () => {
    open()
    await upgradeSixMonths()
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to 6 Months' })
    expect(within(dialog).getByText('₹2,499')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('One-time payment, valid for 6 months, until 22 May 2027.')
    expect(dialog.textContent).not.toMatch(/auto-renew/i)
    expect(within(dialog).getByRole('button', { name: /Pay ₹2,499/ })).toBeInTheDocument()
  })

  it('opens checkout with the order, then verifies the payment and celebrates', async () => {
    const opened = stubCheckout()
    const api = open({
      'POST /api/billing/verify-payment': { success: true, ...paidStatus({ currentPeriodEnd: '2027-05-22T06:00:00.000Z' }) },
    })
    await upgradeSixMonths()
    await userEvent.click(await screen.findByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))
    const { options } = opened[0]
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      amount: 249_900,
      currency: 'INR',
      order_id: 'order_Test123',
      name: 'ReviewRoute',
      description: '6 Months Plan - 6 months',
      prefill: { name: 'Asha Verma', email: 'asha@example.in', contact: '+919876543210' },
      theme: { color: '#1d4ed8' },
    })
    const statusReads = api.calls.filter((call) => call.path === '/api/billing/trial-status').length

    options.handler({ razorpay_order_id: 'order_Test123', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' })

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByText(/active until 22 May 2027/)).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/billing/verify-payment')?.body).toEqual({
      razorpay_order_id: 'order_Test123',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    })
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/billing/trial-status').length).toBeGreaterThan(statusReads))
    expect(screen.queryByRole('dialog', { name: 'Upgrade to 6 Months' })).not.toBeInTheDocument()
  })

  it("shows 'Payment Failed' with the provider's details, and Try Again reopens checkout", async () => {
    const opened = stubCheckout()
    open()
    await upgradeSixMonths()
    await userEvent.click(await screen.findByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))

    opened[0].failed!({ error: { description: 'Your card was declined.', reason: 'payment_failed' } })

    expect(await screen.findByText('Payment Failed')).toBeInTheDocument()
    expect(screen.getByText('Your payment could not be processed. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument()
    // antd keeps the leaving spinner icon (named 'loading') in jsdom, where its exit animation never ends.
    await userEvent.click(screen.getByRole('button', { name: /Try Again$/ }))
    await waitFor(() => expect(opened).toHaveLength(2))
    expect(opened[1].options.order_id).toBe('order_Test123')
  })

  it("falls back to 'Unknown payment error' without details", async () => {
    const opened = stubCheckout()
    open()
    await upgradeSixMonths()
    await userEvent.click(await screen.findByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))
    opened[0].failed!({})
    expect(await screen.findByText('Unknown payment error')).toBeInTheDocument()
  })

  it("reports a failed verification in the 'Payment Failed' dialog", async () => {
    const opened = stubCheckout()
    open({
      'POST /api/billing/verify-payment': {
        status: 400,
        body: { error: 'Payment verification failed. If money was deducted, please contact support.' },
      },
    })
    await upgradeSixMonths()
    await userEvent.click(await screen.findByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))
    opened[0].options.handler({ razorpay_order_id: 'order_Test123', razorpay_payment_id: 'pay_1', razorpay_signature: 'bad' })
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument()
    expect(screen.getByText('Payment verification failed. If money was deducted, please contact support.')).toBeInTheDocument()
  })
})
