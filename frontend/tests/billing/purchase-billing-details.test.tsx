import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BILLING_DETAILS_NEEDED } from '#lib/billing-profile'
import type { fakeApi, Routes } from '../helpers'
import { order } from './fixtures'
import { openBilling, stubCheckout } from './billing-screen'
import { chooseState, emptyProfile, GSTIN, savedProfile } from './gst-fixtures'

const open = (routes: Routes = {}) =>
  openBilling({
    'GET /api/billing/razorpay-config': { keyId: 'rzp_test_key' },
    'GET /api/billing/payments': [],
    'GET /api/billing/profile': savedProfile,
    'PUT /api/billing/profile': ({ body }: { body: unknown }) => body,
    'POST /api/billing/create-payment': order,
    ...routes,
  })

const upgradeSixMonths = async () => userEvent.click(await screen.findByRole('button', { name: 'Upgrade to 6 Months' }))
const dialog = () => screen.findByRole('dialog', { name: 'Upgrade to 6 Months' })
const callSequence = (api: ReturnType<typeof fakeApi>) => api.calls.map((call) => `${call.method} ${call.path}`)
const createPayments = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.path === '/api/billing/create-payment')

describe('billing: the payment asks for the billing details first', () => {
  it('shows the form in the dialog when there are none, saves them, and only then creates the order', async () => {
    const api = open({ 'GET /api/billing/profile': emptyProfile })
    await upgradeSixMonths()
    const pay = await dialog()
    expect(await within(pay).findByText(BILLING_DETAILS_NEEDED)).toBeInTheDocument()
    expect(within(pay).queryByRole('button', { name: /Pay ₹/ })).not.toBeInTheDocument()
    expect(createPayments(api)).toHaveLength(0)

    await userEvent.type(within(pay).getByLabelText('Legal name'), 'Asha Traders')
    await userEvent.type(within(pay).getByLabelText('Address'), '12 MG Road, Bengaluru')
    await chooseState('Karn', 'Karnataka (29)', within(pay))
    await userEvent.click(within(pay).getByRole('button', { name: 'Save and continue' }))

    expect(await within(pay).findByRole('button', { name: /Pay ₹2,499/ })).toBeInTheDocument()
    expect(within(pay).getByText('Invoice to: Asha Traders, Karnataka')).toBeInTheDocument()
    const calls = callSequence(api)
    expect(calls.indexOf('PUT /api/billing/profile')).toBeGreaterThan(-1)
    expect(calls.indexOf('PUT /api/billing/profile')).toBeLessThan(calls.indexOf('POST /api/billing/create-payment'))
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      legalName: 'Asha Traders',
      address: '12 MG Road, Bengaluru',
      stateCode: '29',
      gstin: null,
    })
    expect(createPayments(api)[0].body).toEqual({ planId: 3 })
  })

  it('prefills the dialog form with the details that exist', async () => {
    open({ 'GET /api/billing/profile': { ...emptyProfile, legalName: 'Asha Traders', stateCode: '27' } })
    await upgradeSixMonths()
    const pay = await dialog()
    await waitFor(() => expect(within(pay).getByLabelText('Legal name')).toHaveValue('Asha Traders'))
    expect(within(pay).getByLabelText('Address')).toHaveValue('')
    expect(within(pay).getByTitle('Maharashtra (27)')).toBeInTheDocument()
  })

  it('creates no order when the dialog is cancelled', async () => {
    const api = open({ 'GET /api/billing/profile': emptyProfile })
    await upgradeSixMonths()
    const pay = await dialog()
    await userEvent.click(await within(pay).findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade to 6 Months' })).not.toBeInTheDocument())
    expect(createPayments(api)).toHaveLength(0)
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false)
  })

  it('shows one line "Invoice to" when the details are saved, and Change edits them in place', async () => {
    const opened = stubCheckout()
    const api = open()
    await upgradeSixMonths()
    const pay = await dialog()
    expect(await within(pay).findByText(`Invoice to: Asha Traders, Karnataka · GSTIN ${GSTIN}`)).toBeInTheDocument()
    expect(createPayments(api)).toHaveLength(1)

    await userEvent.click(within(pay).getByRole('button', { name: 'Change' }))
    const name = within(pay).getByLabelText('Legal name')
    expect(name).toHaveValue('Asha Traders')
    expect(within(pay).queryByRole('button', { name: /Pay ₹/ })).not.toBeInTheDocument()
    await userEvent.clear(name)
    await userEvent.type(name, 'Asha Traders LLP')
    await userEvent.click(within(pay).getByRole('button', { name: 'Save' }))

    expect(await within(pay).findByText(`Invoice to: Asha Traders LLP, Karnataka · GSTIN ${GSTIN}`)).toBeInTheDocument()
    // The order stands; the details change for the invoice, and the page's card shows them too.
    expect(createPayments(api)).toHaveLength(1)
    const card = screen.getByText('Billing details').closest('.ant-card') as HTMLElement
    await waitFor(() => expect(within(card).getByLabelText('Legal name')).toHaveValue('Asha Traders LLP'))

    await userEvent.click(within(pay).getByRole('button', { name: /Pay ₹2,499/ }))
    await waitFor(() => expect(opened).toHaveLength(1))
  })

  it("answers create-payment's 422 on billingProfile with the form, then tries again", async () => {
    const sentence = 'Add your billing details (name, address and state) before you pay: they go on your tax invoice.'
    let refused = false
    const api = open({
      // The page read the details before another tab removed them: the server is the judge.
      'POST /api/billing/create-payment': () => {
        if (refused) return order
        refused = true
        return { status: 422, body: { error: sentence, errors: [{ field: 'billingProfile', message: sentence }] } }
      },
    })
    await upgradeSixMonths()
    const pay = await dialog()
    expect(await within(pay).findByText(sentence)).toBeInTheDocument()
    expect(screen.queryByText('Payment Error')).not.toBeInTheDocument()
    await waitFor(() => expect(within(pay).getByLabelText('Legal name')).toHaveValue('Asha Traders'))

    await userEvent.click(within(pay).getByRole('button', { name: 'Save and continue' }))
    expect(await within(pay).findByRole('button', { name: /Pay ₹2,499/ })).toBeInTheDocument()
    expect(createPayments(api)).toHaveLength(2)
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1)
  })

  it('goes on to the order when the details cannot be read, leaving it to the server', async () => {
    const api = open({ 'GET /api/billing/profile': { status: 503, body: { error: 'Down' } } })
    await upgradeSixMonths()
    const pay = await dialog()
    expect(await within(pay).findByRole('button', { name: /Pay ₹2,499/ })).toBeInTheDocument()
    expect(within(pay).queryByText(/Invoice to:/)).not.toBeInTheDocument()
    expect(createPayments(api)).toHaveLength(1)
  })
})
