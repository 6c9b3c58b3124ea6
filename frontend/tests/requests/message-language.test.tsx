/*
 * The send forms say which language a request goes out in, and let the owner choose another for the customer
 * (docs/decisions.md D65): the quick send keeps it on the typed customer, the one-by-one sender on the customer's row;
 * WhatsApp Business without a template in that language says it goes in English.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import QuickSendPage from '../../src/pages/requests/send'
import { NextCustomer } from '#components/requests/next-customer'
import { fixtures } from '../helpers'
import { CHANNELS_ROUTE, customer, openScreen, requestChannels, reviewRequest } from './request-fixtures'

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})
configure({ asyncUtilTimeout: 6000 })

const LABEL = 'Language of the message'

/** Opens the language select and picks `option` (antd draws its options in a popup). */
async function choose(option: string) {
  fireEvent.mouseDown(within(screen.getByText(LABEL).parentElement!).getByRole('combobox'))
  await userEvent.click(await screen.findByTitle(option))
}

const posts = (api: ReturnType<typeof openScreen>['api']) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/api/review-requests')

describe('the language a request goes out in', { timeout: 45_000 }, () => {
  it("quick send: the business's language and why, and the owner's choice goes with the customer", async () => {
    const { api } = openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: requestChannels({ language: { language: 'hi', source: 'customers' } }),
      'POST /api/review-requests': { status: 201, body: reviewRequest({ customerName: 'Sunita' }) },
    })
    expect(await screen.findByText('Goes out in हिंदी (Hindi): the language most of your customers rate in.')).toBeInTheDocument()

    await choose('தமிழ் (Tamil)')
    expect(screen.getByText('Goes out in தமிழ் (Tamil): you chose it for this customer.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Their name'), 'Sunita')
    await userEvent.type(screen.getByLabelText('Their WhatsApp number'), '9876543210')
    await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
    await userEvent.click(screen.getByRole('button', { name: /Send with my WhatsApp/ }))
    await waitFor(() => expect(posts(api)).toHaveLength(1))
    expect(posts(api)[0].body).toEqual({
      businessId: 7,
      customer: { name: 'Sunita', phone: '9876543210', language: 'ta', consent: true },
      channel: 'whatsapp_link',
    })
  })

  it('WhatsApp Business without a template in the language: the form says it goes in English', async () => {
    openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: requestChannels({
        whatsapp: { available: true, needs: 'phone' },
        language: { language: 'mr', source: 'business' },
        whatsappLanguages: ['en', 'hi'],
      }),
    })
    await userEvent.click(await within(await screen.findByRole('radiogroup', { name: 'How to send' })).findByLabelText(/WhatsApp Business/))
    expect(await screen.findByText('Goes out in English.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your WhatsApp Business number has no approved template in Marathi: this request goes out in English.'
    )
    await choose('हिंदी (Hindi)')
    expect(screen.getByText('Goes out in हिंदी (Hindi): you chose it for this customer.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('one by one: the language each customer rated in, and a change is kept on the customer', async () => {
    const customers = [customer({ id: 1, name: 'Sunita', ratedLanguage: 'hi' }), customer({ id: 2, name: 'Ravi', language: 'kn' })]
    const { api } = openScreen(<NextCustomer business={fixtures.business()} customers={customers} />, {
      'PATCH /api/customers/1': ({ body }: { body: unknown }) => ({
        status: 200,
        body: customer({ id: 1, name: 'Sunita', ratedLanguage: 'hi', ...(body as object) }),
      }),
      'POST /api/review-requests': { status: 201, body: reviewRequest({ customerId: 1 }) },
    })
    expect(await screen.findByText('Goes out in हिंदी (Hindi): the language they rated in.')).toBeInTheDocument()

    await choose('বাংলা (Bengali)')
    expect(await screen.findByText('Goes out in বাংলা (Bengali): you chose it for this customer.')).toBeInTheDocument()
    const patch = api.calls.find((call) => call.method === 'PATCH')!
    expect(patch.path).toBe('/api/customers/1')
    expect(patch.body).toEqual({ language: 'bn' })

    await userEvent.click(screen.getByRole('button', { name: /Send to Sunita/ }))
    expect(await screen.findByText('Goes out in ಕನ್ನಡ (Kannada): you chose it for this customer.')).toBeInTheDocument()
  })
})
