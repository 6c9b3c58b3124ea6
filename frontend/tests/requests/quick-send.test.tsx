import { cleanup, configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import QuickSendPage from '../../src/pages/requests/send'
import { LIMIT_SENTENCE, openScreen, reviewRequest } from './request-fixtures'

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})
configure({ asyncUtilTimeout: 4000 })

async function fill({ name = 'Priya', phone = '+91 98765-43210', consent = true } = {}) {
  await userEvent.type(await screen.findByLabelText('Their name'), name)
  await userEvent.type(screen.getByLabelText('Their WhatsApp number'), phone)
  if (consent) await userEvent.click(screen.getByLabelText('They agreed to get a message from us'))
  await userEvent.click(screen.getByRole('button', { name: /Send with my WhatsApp/ }))
}

const posts = (api: ReturnType<typeof openScreen>['api']) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/api/review-requests')

describe('"Just served someone?" quick send', () => {
  it('creates the request for the typed customer and opens the returned WhatsApp link', async () => {
    const answer = reviewRequest({ customerName: 'Priya', whatsappUrl: 'https://wa.me/919876543210?text=Namaste%20Priya' })
    const { api, open } = openScreen(<QuickSendPage />, { 'POST /api/review-requests': { status: 201, body: answer } })

    expect(await screen.findByRole('heading', { name: 'Just served someone?' })).toBeInTheDocument()
    await fill()

    await waitFor(() => expect(open).toHaveBeenCalledWith('https://wa.me/919876543210?text=Namaste%20Priya'))
    expect(posts(api)).toHaveLength(1)
    expect(posts(api)[0].body).toEqual({
      businessId: 7,
      customer: { name: 'Priya', phone: '+91 98765-43210', consent: true },
      channel: 'whatsapp_link',
    })
    expect(await screen.findByText('Your message to Priya is ready in WhatsApp')).toBeInTheDocument()
    // On a phone WhatsApp replaces the page: coming back shows the confirmation again.
    cleanup()
    openScreen(<QuickSendPage />, {})
    expect(await screen.findByText('Your message to Priya is ready in WhatsApp')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Ask someone else' }))
    expect(screen.getByLabelText('Their name')).toHaveValue('')
  })

  it('asks for the customer’s agreement before anything is sent', async () => {
    const { api, open } = openScreen(<QuickSendPage />, { 'POST /api/review-requests': { status: 201, body: reviewRequest() } })
    await fill({ consent: false })

    expect(await screen.findByText('Please ask them first: tick this once they agree')).toBeInTheDocument()
    expect(posts(api)).toHaveLength(0)
    expect(open).not.toHaveBeenCalled()
  })

  it('refuses a number that is not 10 digits without calling the server', async () => {
    const { api } = openScreen(<QuickSendPage />, {})
    await fill({ phone: '98765' })
    expect(await screen.findByText('Please enter a valid 10-digit mobile number')).toBeInTheDocument()
    expect(posts(api)).toHaveLength(0)
  })

  it('shows the server’s sentence and Upgrade to Pro when the free plan’s requests are used', async () => {
    const { open } = openScreen(<QuickSendPage />, {
      'POST /api/review-requests': { status: 403, body: { error: LIMIT_SENTENCE, upgrade: true } },
    })
    await fill()

    expect(await screen.findByText(LIMIT_SENTENCE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' }).closest('a')).toHaveAttribute('href', '/billing')
    expect(open).not.toHaveBeenCalled()
  })

  it('puts the server’s field error under the number', async () => {
    openScreen(<QuickSendPage />, {
      'POST /api/review-requests': {
        status: 422,
        body: {
          error: 'Enter a 10-digit Indian mobile number',
          errors: [{ field: 'customer.phone', message: 'Enter a 10-digit Indian mobile number' }],
        },
      },
    })
    await fill({ phone: '1234567890' })
    expect(await screen.findByText('Enter a 10-digit Indian mobile number')).toBeInTheDocument()
  })
})
