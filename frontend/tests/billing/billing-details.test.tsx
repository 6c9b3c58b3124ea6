import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { GSTIN_CHECK_FAILED, GSTIN_INVALID, gstinWrongState } from '@reviewroute/backend/contract/gst'
import type { fakeApi, Routes } from '../helpers'
import { openBilling } from './billing-screen'
import { chooseState, emptyProfile, explainOf, GSTIN, savedProfile } from './gst-fixtures'

const open = (routes: Routes = {}) =>
  openBilling({
    'GET /api/billing/payments': [],
    'GET /api/billing/profile': emptyProfile,
    'PUT /api/billing/profile': ({ body }: { body: unknown }) => body,
    ...routes,
  })

/** The card once its form is there (after the GET). */
const card = async () => (await screen.findByLabelText('Legal name')).closest('.ant-card') as HTMLElement
const puts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'PUT' && call.path === '/api/billing/profile')

async function fillRequired(scope: HTMLElement) {
  await userEvent.type(within(scope).getByLabelText('Legal name'), 'Asha Traders')
  await userEvent.type(within(scope).getByLabelText('Address'), '12 MG Road{Enter}Bengaluru 560001')
  await chooseState('Karn', 'Karnataka (29)', within(scope))
}

describe('billing details card', () => {
  it('is prefilled from GET /api/billing/profile, the state as "Karnataka (29)"', async () => {
    open({ 'GET /api/billing/profile': savedProfile })
    const details = await card()
    await waitFor(() => expect(within(details).getByLabelText('Legal name')).toHaveValue('Asha Traders'))
    expect(within(details).getByLabelText('Address')).toHaveValue('12 MG Road\nBengaluru 560001')
    expect(within(details).getByTitle('Karnataka (29)')).toBeInTheDocument()
    expect(within(details).getByLabelText('GSTIN (optional)')).toHaveValue(GSTIN)
  })

  it('saves the details with PUT, the GSTIN upper-cased as typed, and says so', async () => {
    const api = open()
    const details = await card()
    await fillRequired(details)
    const gstin = within(details).getByLabelText('GSTIN (optional)')
    await userEvent.type(gstin, GSTIN.toLowerCase())
    expect(gstin).toHaveValue(GSTIN)
    await userEvent.click(within(details).getByRole('button', { name: 'Save billing details' }))

    expect(await screen.findByText('Billing Details Saved')).toBeInTheDocument()
    expect(puts(api)).toHaveLength(1)
    expect(puts(api)[0].body).toEqual({ legalName: 'Asha Traders', address: '12 MG Road\nBengaluru 560001', stateCode: '29', gstin: GSTIN })
  })

  it('sends no GSTIN (null) when the owner has none, and asks for the required fields first', async () => {
    const api = open()
    const details = await card()
    await userEvent.click(within(details).getByRole('button', { name: 'Save billing details' }))
    await waitFor(() => expect(explainOf('Legal name', within(details))).toBe('Enter the name for your invoices.'))
    expect(explainOf('Address', within(details))).toBe('Enter your billing address.')
    expect(explainOf('State or union territory', within(details))).toBe('Choose your state or union territory.')
    expect(puts(api)).toHaveLength(0)

    await fillRequired(details)
    await userEvent.click(within(details).getByRole('button', { name: 'Save billing details' }))
    await waitFor(() => expect(puts(api)).toHaveLength(1))
    expect(puts(api)[0].body).toMatchObject({ stateCode: '29', gstin: null })
  })

  it("shows the server's 422 field errors under their fields", async () => {
    const api = open({
      'PUT /api/billing/profile': {
        status: 422,
        body: {
          error: 'Validation failed',
          errors: [
            { field: 'gstin', message: 'This GSTIN is not active on the GST portal.' },
            { field: 'address', message: 'The address is too long.' },
          ],
        },
      },
    })
    const details = await card()
    await fillRequired(details)
    await userEvent.type(within(details).getByLabelText('GSTIN (optional)'), GSTIN)
    await userEvent.click(within(details).getByRole('button', { name: 'Save billing details' }))

    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe('This GSTIN is not active on the GST portal.'))
    expect(explainOf('Address', within(details))).toBe('The address is too long.')
    expect(explainOf('Legal name', within(details))).toBe('')
    expect(screen.queryByText('Billing Details Saved')).not.toBeInTheDocument()
    expect(puts(api)).toHaveLength(1)
  })

  it('checks the GSTIN at once: a wrong check character, another state, a wrong shape', async () => {
    const api = open()
    const details = await card()
    await fillRequired(details)
    const gstin = within(details).getByLabelText('GSTIN (optional)')

    // Not while it is still being typed.
    await userEvent.type(gstin, '29AAGCR')
    expect(explainOf('GSTIN (optional)', within(details))).toBe('')

    await userEvent.type(gstin, '4375J1ZA')
    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe(GSTIN_CHECK_FAILED))

    await userEvent.clear(gstin)
    await userEvent.type(gstin, '27AAGCR4375J1ZY')
    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe(gstinWrongState('Karnataka')))

    await userEvent.clear(gstin)
    await userEvent.type(gstin, '29AAG')
    await userEvent.tab()
    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe(GSTIN_INVALID))

    await userEvent.click(within(details).getByRole('button', { name: 'Save billing details' }))
    expect(puts(api)).toHaveLength(0)

    await userEvent.clear(gstin)
    await userEvent.type(gstin, GSTIN)
    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe(''))
  })

  it('re-checks the GSTIN when the state changes', async () => {
    open({ 'GET /api/billing/profile': savedProfile })
    const details = await card()
    await waitFor(() => expect(within(details).getByLabelText('GSTIN (optional)')).toHaveValue(GSTIN))
    await chooseState('Mahara', 'Maharashtra (27)', within(details))
    await waitFor(() => expect(explainOf('GSTIN (optional)', within(details))).toBe(gstinWrongState('Maharashtra')))
  })

  it('finds a state by its code as well as its name', async () => {
    open()
    const details = await card()
    await chooseState('33', 'Tamil Nadu (33)', within(details))
    expect(within(details).getByTitle('Tamil Nadu (33)')).toBeInTheDocument()
  })

  it('says so when the details cannot be loaded', async () => {
    open({ 'GET /api/billing/profile': { status: 503, body: { error: 'Down' } } })
    expect(await screen.findByText('Could not load your billing details.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Legal name')).not.toBeInTheDocument()
  })
})
