import { cleanup, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NextCustomer } from '#components/requests/next-customer'
import { WhatsAppBusinessCard } from '#components/requests/whatsapp-business-card'
import { whatsAppCostLine } from '#lib/whatsapp-business'
import QuickSendPage from '../../src/pages/requests/send'
import { fixtures } from '../helpers'
import {
  CHANNELS_ROUTE,
  connectedWhatsApp,
  customer,
  openScreen,
  requestChannels,
  reviewRequest,
  SMS_NEEDS,
  WHATSAPP_BUSINESS_NEEDS,
  whatsAppAccount,
} from './request-fixtures'

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})
configure({ asyncUtilTimeout: 4000 })

// Without Embedded Signup configured: the manual form alone (whatsapp-business.test.tsx has Meta's way).
const NOT_CONNECTED = whatsAppAccount()
const CONNECTED = connectedWhatsApp({ wabaId: null, coexistence: false })
const CAP = "This month's 1000 WhatsApp Business and SMS messages are used. Send with your WhatsApp or by email until next month."
const ALL_SET_UP = requestChannels({ whatsapp: { available: true, needs: 'phone' }, sms: { available: true, needs: 'phone' } })

const posts = (api: ReturnType<typeof openScreen>['api'], path = '/api/review-requests') =>
  api.calls.filter((call) => call.method !== 'GET' && call.path === path)

const channelChoice = () => screen.findByRole('radiogroup', { name: 'How to send' })

describe('quick send: choosing how the request goes out', () => {
  it('sends by email with the typed address and confirms it is sent for the owner, without opening WhatsApp', async () => {
    const answer = reviewRequest({ customerName: 'Priya', channel: 'email', status: 'created', sentAt: null, whatsappUrl: undefined })
    const { api, open } = openScreen(<QuickSendPage />, { 'POST /api/review-requests': { status: 201, body: answer } })

    await userEvent.type(await screen.findByLabelText('Their name'), 'Priya')
    // The email field appears only once Email is chosen.
    expect(screen.queryByLabelText('Their email')).not.toBeInTheDocument()
    await userEvent.click(await within(await channelChoice()).findByLabelText(/Email/))
    await userEvent.type(screen.getByLabelText('Their mobile number (optional)'), '98765 43210')
    await userEvent.type(screen.getByLabelText('Their email'), 'priya@example.com')
    await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
    await userEvent.click(screen.getByRole('button', { name: /Send by email/ }))

    expect(await screen.findByText('Sent for you: Priya gets it by email')).toBeInTheDocument()
    expect(screen.getByText(/Nothing goes between 21:00 and 09:00, and one reminder follows after 3 days/)).toBeInTheDocument()
    expect(screen.queryByText(/ready in WhatsApp/)).not.toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    expect(posts(api)).toHaveLength(1)
    expect(posts(api)[0].body).toEqual({
      businessId: 7,
      customer: { name: 'Priya', phone: '98765 43210', email: 'priya@example.com', consent: true },
      channel: 'email',
    })
  })

  it('offers only the channels the server says work, and says what each missing one needs', async () => {
    openScreen(<QuickSendPage />, {})
    const choice = await channelChoice()
    await waitFor(() => expect(within(choice).getAllByRole('radio')).toHaveLength(2))
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent!.trim())
    ).toEqual(['Send with my WhatsApp', 'Email'])
    expect(within(choice).getByLabelText(/Send with my WhatsApp/)).toBeChecked()
    // What the missing ones need is one tap away, so the form stays short on a phone.
    await userEvent.click(screen.getByText('Why not WhatsApp Business or SMS?'))
    const missing = screen.getByRole('list', { name: 'Not set up' })
    expect(missing).toHaveTextContent(SMS_NEEDS)
    expect(missing).toHaveTextContent(WHATSAPP_BUSINESS_NEEDS)
    expect(within(missing).getByRole('link', { name: 'Connect it' })).toHaveAttribute('href', '/dashboard/requests#whatsapp-business')
  })

  it('offers WhatsApp Business and SMS once set up, and neither past the monthly cap', async () => {
    openScreen(<QuickSendPage />, { [CHANNELS_ROUTE]: ALL_SET_UP })
    const choice = await channelChoice()
    await waitFor(() => expect(within(choice).getAllByRole('radio')).toHaveLength(4))
    expect(screen.queryByRole('list', { name: 'Not set up' })).not.toBeInTheDocument()
    cleanup()

    openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: requestChannels({
        whatsapp: { available: false, needs: 'phone', reason: CAP },
        sms: { available: false, needs: 'phone', reason: CAP },
      }),
    })
    const capped = await channelChoice()
    await waitFor(() => expect(screen.getByRole('list', { name: 'Not set up' })).toHaveTextContent(CAP))
    expect(within(capped).getAllByRole('radio')).toHaveLength(2)
  })

  it('sends by email to a customer with only an address, and asks for one when neither is given', async () => {
    const answer = reviewRequest({
      customerName: 'Meera',
      customerPhone: null,
      customerEmail: 'meera@example.com',
      channel: 'email',
      status: 'created',
      sentAt: null,
      whatsappUrl: undefined,
    })
    const { api } = openScreen(<QuickSendPage />, { 'POST /api/review-requests': { status: 201, body: answer } })
    await userEvent.click(await within(await channelChoice()).findByLabelText(/Email/))
    await userEvent.type(screen.getByLabelText('Their name'), 'Meera')
    await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
    await userEvent.click(screen.getByRole('button', { name: /Send by email/ }))
    expect(await screen.findByText('Please enter their email address')).toBeInTheDocument()
    expect(posts(api)).toHaveLength(0)

    await userEvent.type(screen.getByLabelText('Their email'), 'meera@example.com')
    await userEvent.click(screen.getByRole('button', { name: /Send by email/ }))
    expect(await screen.findByText('Sent for you: Meera gets it by email')).toBeInTheDocument()
    expect(posts(api)[0].body).toEqual({
      businessId: 7,
      customer: { name: 'Meera', email: 'meera@example.com', consent: true },
      channel: 'email',
    })
  })

  it('sends by WhatsApp Business once connected', async () => {
    const { api, open } = openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: ALL_SET_UP,
      'POST /api/review-requests': {
        status: 201,
        body: reviewRequest({ customerName: 'Priya', channel: 'whatsapp', status: 'created', whatsappUrl: undefined }),
      },
    })
    await userEvent.click(await within(await channelChoice()).findByLabelText(/WhatsApp Business/))
    await userEvent.type(screen.getByLabelText('Their name'), 'Priya')
    await userEvent.type(screen.getByLabelText('Their WhatsApp number'), '9876543210')
    await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
    await userEvent.click(screen.getByRole('button', { name: /Send by WhatsApp Business/ }))
    expect(await screen.findByText('Sent for you: Priya gets it on WhatsApp')).toBeInTheDocument()
    expect(posts(api)[0]).toMatchObject({ body: { channel: 'whatsapp' } })
    expect(open).not.toHaveBeenCalled()
  })

  it('shows the server’s sentence when a channel is refused after all (the cap reached meanwhile)', async () => {
    const { open } = openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: ALL_SET_UP,
      'POST /api/review-requests': { status: 422, body: { error: CAP, errors: [{ field: 'channel', message: CAP }] } },
    })
    await userEvent.click(await within(await channelChoice()).findByLabelText(/SMS/))
    await userEvent.type(screen.getByLabelText('Their name'), 'Priya')
    await userEvent.type(screen.getByLabelText('Their mobile number'), '9876543210')
    await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
    await userEvent.click(screen.getByRole('button', { name: /Send by SMS/ }))
    expect(await screen.findByText(CAP)).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
  })
})

describe('sending to a list by another channel', () => {
  it('posts the chosen channel for each customer and confirms instead of opening WhatsApp', async () => {
    const { api, open } = openScreen(
      <NextCustomer business={fixtures.business()} customers={[customer({ id: 1, name: 'Priya' }), customer({ id: 3, name: 'Meena' })]} />,
      {
        'POST /api/review-requests': { status: 201, body: reviewRequest({ channel: 'email', status: 'created', whatsappUrl: undefined }) },
      }
    )
    await userEvent.click(await within(await channelChoice()).findByLabelText(/Email/))
    await userEvent.click(screen.getByRole('button', { name: /Send to Priya/ }))
    expect(await screen.findByText('Sent for you: Priya gets it by email. Here is the next customer.')).toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    expect(posts(api)[0].body).toEqual({ businessId: 7, customerId: 1, channel: 'email' })
  })

  it('stops the list when the channel itself is refused instead of skipping everyone', async () => {
    const { api } = openScreen(
      <NextCustomer business={fixtures.business()} customers={[customer({ id: 1, name: 'Priya' }), customer({ id: 3, name: 'Meena' })]} />,
      {
        [CHANNELS_ROUTE]: ALL_SET_UP,
        'POST /api/review-requests': { status: 422, body: { error: CAP, errors: [{ field: 'channel', message: CAP }] } },
      }
    )
    await userEvent.click(await within(await channelChoice()).findByLabelText(/SMS/))
    await userEvent.click(screen.getByRole('button', { name: /Send to Priya/ }))
    expect(await screen.findByText(CAP)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Send to Priya/ })).toBeDisabled()
    expect(screen.queryByText('Skipped')).not.toBeInTheDocument()
    // Back to the owner's own WhatsApp: the list carries on.
    await userEvent.click(within(await channelChoice()).getByLabelText(/Send with my WhatsApp/))
    expect(screen.getByRole('button', { name: /Send to Priya/ })).toBeEnabled()
    expect(posts(api)).toHaveLength(1)
  })
})

describe('what WhatsApp Business will cost, before sending', () => {
  it('says the messages a list still needs and their cost, at the server’s rate', async () => {
    openScreen(
      <NextCustomer
        business={fixtures.business()}
        customers={[
          customer({ id: 1, name: 'Priya' }),
          customer({ id: 3, name: 'Meena', phone: '+919000000003' }),
          customer({ id: 4, name: 'Meera', phone: null, email: 'meera@example.com' }),
          customer({ id: 5, name: 'Ravi', phone: '+919000000005', optedOutAt: '2026-11-21T10:00:00.000Z' }),
        ]}
      />,
      {
        [CHANNELS_ROUTE]: ALL_SET_UP,
        'POST /api/review-requests': {
          status: 201,
          body: reviewRequest({ channel: 'whatsapp', status: 'created', whatsappUrl: undefined }),
        },
      }
    )
    const choice = await channelChoice()
    await waitFor(() => expect(within(choice).getAllByRole('radio')).toHaveLength(4))
    // The owner's own WhatsApp costs nothing: no line.
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    await userEvent.click(within(choice).getByLabelText(/WhatsApp Business/))
    // Priya and Meena: Meera has no number and Ravi opted out.
    expect(screen.getByRole('note')).toHaveTextContent('2 WhatsApp messages, about ₹0.23 (₹0.115 a message)')
    await userEvent.click(screen.getByRole('button', { name: /Send to Priya/ }))
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('1 WhatsApp message, about ₹0.12 (₹0.115 a message)'))
  })

  it('says what the one message of the quick send costs', async () => {
    openScreen(<QuickSendPage />, {
      [CHANNELS_ROUTE]: requestChannels({ whatsapp: { available: true, needs: 'phone', pricePerMessageInr: 0.35 } }),
    })
    await userEvent.click(await within(await channelChoice()).findByLabelText(/WhatsApp Business/))
    expect(screen.getByRole('note')).toHaveTextContent('1 WhatsApp message, about ₹0.35 (₹0.35 a message)')
    await userEvent.click(within(await channelChoice()).getByLabelText(/Email/))
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })

  it('writes small sums in paise and large ones in whole rupees, grouped the Indian way', () => {
    expect(whatsAppCostLine(3, 0.115)).toBe('3 WhatsApp messages, about ₹0.35 (₹0.115 a message)')
    expect(whatsAppCostLine(2000, 0.115)).toBe('2,000 WhatsApp messages, about ₹230.00 (₹0.115 a message)')
    expect(whatsAppCostLine(150000, 0.115)).toBe('1,50,000 WhatsApp messages, about ₹17,250 (₹0.115 a message)')
  })
})

describe('Connect WhatsApp Business', () => {
  async function fillConnect() {
    await userEvent.type(await screen.findByLabelText('Phone number ID'), '106540352242922')
    await userEvent.type(screen.getByLabelText('Access token'), 'EAAG-a-long-enough-access-token')
    await userEvent.type(screen.getByLabelText('English template name'), 'review_request')
    await userEvent.type(screen.getByLabelText('Hindi template name (optional)'), 'review_request_hi')
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
  }

  it('sends the number, token and templates, then shows the connection without the token', async () => {
    const { api } = openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      { 'GET /api/whatsapp-account': NOT_CONNECTED, 'PUT /api/whatsapp-account': CONNECTED },
      '/dashboard/requests'
    )
    expect(await screen.findByText(/Meta.s WhatsApp Manager/)).toBeInTheDocument()
    expect(
      screen.getByText(/three parameters, in this order: the customer.s name, your business.s name, their review link/)
    ).toBeInTheDocument()
    await fillConnect()

    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(posts(api, '/api/whatsapp-account')[0]).toMatchObject({
      method: 'PUT',
      body: {
        phoneNumberId: '106540352242922',
        accessToken: 'EAAG-a-long-enough-access-token',
        templates: { en: 'review_request', hi: 'review_request_hi' },
      },
    })
    expect(screen.getByText('106540352242922')).toBeInTheDocument()
    expect(screen.getByText('+91 98450 67890')).toBeInTheDocument()
    expect(screen.queryByText(/EAAG-a-long/)).not.toBeInTheDocument()
  })

  it('puts the server’s 422 field error under its field, and shows the 409 sentence', async () => {
    let attempt = 0
    openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      {
        'GET /api/whatsapp-account': NOT_CONNECTED,
        'PUT /api/whatsapp-account': () =>
          ++attempt === 1
            ? {
                status: 422,
                body: {
                  error: 'The access token is too short',
                  errors: [{ field: 'accessToken', message: 'The access token is too short' }],
                },
              }
            : { status: 409, body: { error: 'This WhatsApp number is connected to another account.' } },
      },
      '/dashboard/requests'
    )
    await fillConnect()
    const error = await screen.findByText('The access token is too short')
    expect(error.closest('.ant-form-item')).toHaveTextContent('Access token')
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }))
    expect(await screen.findByText('This WhatsApp number is connected to another account.')).toBeInTheDocument()
  })

  it("says what this month's WhatsApp Business messages of the business cost", async () => {
    openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      {
        'GET /api/whatsapp-account': CONNECTED,
        'GET /api/review-requests/usage': {
          month: '2026-12',
          pricePerMessageInr: 0.115,
          businesses: [
            { businessId: 8, messages: 3, costInr: 0.35 },
            { businessId: 7, messages: 12, costInr: 1.38 },
          ],
        },
      },
      '/dashboard/requests'
    )
    expect(await screen.findByText('12 messages this month, ₹1.38 (₹0.115 a message)')).toBeInTheDocument()
    expect(screen.getByText('Cost for Chai Point')).toBeInTheDocument()
  })

  it('disconnects after the owner confirms', async () => {
    const { api } = openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      { 'GET /api/whatsapp-account': CONNECTED, 'DELETE /api/whatsapp-account': { status: 204 } },
      '/dashboard/requests'
    )
    expect(await screen.findByText('review_request_hi')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('dialog')
    expect(posts(api, '/api/whatsapp-account')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(posts(api, '/api/whatsapp-account')).toEqual([expect.objectContaining({ method: 'DELETE' })]))
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument()
  })
})

describe('send a test message to me', () => {
  const SENT = { channel: 'whatsapp', to: '+919845011111' }
  const testCalls = (api: ReturnType<typeof openScreen>['api']) => posts(api, '/api/businesses/7/test-message')

  it('sends WhatsApp Business to the typed mobile and says where it went', async () => {
    const { api } = openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      {
        'GET /api/whatsapp-account': CONNECTED,
        [CHANNELS_ROUTE]: ALL_SET_UP,
        'GET /api/auth/user': fixtures.user,
        'POST /api/businesses/7/test-message': SENT,
      },
      '/dashboard/requests'
    )
    await userEvent.click(await screen.findByRole('button', { name: /Send a test message to me/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/The message a customer of Chai Point gets/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }))
    expect(await within(dialog).findByText('Enter the mobile number to send the test to.')).toBeInTheDocument()
    expect(testCalls(api)).toHaveLength(0)

    await userEvent.type(within(dialog).getByLabelText('Your mobile'), '098450 11111')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }))
    expect(await screen.findByText('Test sent to +91 98450 11111')).toBeInTheDocument()
    expect(testCalls(api)[0]).toMatchObject({ body: { channel: 'whatsapp', phone: '098450 11111' } })
  })

  it('shows the provider’s reason when it refuses, and sends email to the account’s address', async () => {
    let attempt = 0
    const { api } = openScreen(
      <WhatsAppBusinessCard business={{ id: 7, name: 'Chai Point' }} />,
      {
        'GET /api/whatsapp-account': CONNECTED,
        [CHANNELS_ROUTE]: requestChannels({ whatsapp: { available: true, needs: 'phone' } }),
        'GET /api/auth/user': { ...fixtures.user, phone: '+919845022222' },
        'POST /api/businesses/7/test-message': () =>
          ++attempt === 1
            ? {
                status: 422,
                body: {
                  error: 'WhatsApp refused the test: Recipient phone number not in allowed list (131030)',
                  errors: [{ field: 'channel', message: 'WhatsApp refused the test: Recipient phone number not in allowed list (131030)' }],
                },
              }
            : { status: 200, body: { channel: 'email', to: 'asha@example.in' } },
      },
      '/dashboard/requests'
    )
    await userEvent.click(await screen.findByRole('button', { name: /Send a test message to me/ }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(within(dialog).getByLabelText('Your mobile')).toHaveValue('+91 98450 22222'))
    // SMS is not set up for this business: not offered.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent!.trim())
    ).toEqual(['WhatsApp Business', 'Email'])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }))
    expect(await within(dialog).findByText(/Recipient phone number not in allowed list \(131030\)/)).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('radio', { name: /Email/ }).closest('label')!)
    expect(within(dialog).getByText('asha@example.in')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }))
    expect(await screen.findByText('Test sent to asha@example.in')).toBeInTheDocument()
    expect(testCalls(api)[1]).toMatchObject({ body: { channel: 'email' } })
  })
})
