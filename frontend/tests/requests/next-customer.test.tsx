import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NextCustomer, OPTED_OUT_REASON } from '#components/requests/next-customer'
import { fixtures } from '../helpers'
import { customer, LIMIT_SENTENCE, openScreen, reviewRequest } from './request-fixtures'

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})
configure({ asyncUtilTimeout: 4000 })

const OPTED_OUT_SENTENCE = 'This customer asked not to get review requests from this business.'

const chosen = [
  customer({ id: 1, name: 'Priya' }),
  customer({ id: 2, name: 'Ravi', phone: '+919000000002', optedOutAt: '2026-11-22T10:00:00.000Z' }),
  customer({ id: 3, name: 'Meena', phone: '+919000000003' }),
  customer({ id: 4, name: 'Arjun', phone: '+919000000004' }),
]

const send = (body: { customerId: number }) => {
  if (body.customerId === 4)
    return { status: 422, body: { error: OPTED_OUT_SENTENCE, errors: [{ field: 'customerId', message: OPTED_OUT_SENTENCE }] } }
  return {
    status: 201,
    body: reviewRequest({ customerId: body.customerId, whatsappUrl: `https://wa.me/91900000000${body.customerId}?text=hi` }),
  }
}

describe('"next customer": sending to a list one by one', () => {
  it('sends to each customer in turn, opening WhatsApp for each, and skips opted-out customers with the reason', async () => {
    const { api, open } = openScreen(<NextCustomer business={fixtures.business()} customers={chosen} />, {
      'POST /api/review-requests': ({ body }: { body: { customerId: number } }) => send(body),
    })

    // Ravi opted out: never offered, listed as skipped with the reason.
    expect(await screen.findByRole('button', { name: /Send to Priya/ })).toBeInTheDocument()
    expect(screen.getByText('Then: Meena')).toBeInTheDocument()
    expect(screen.getByText('Ravi')).toBeInTheDocument()
    expect(screen.getByText(OPTED_OUT_REASON)).toBeInTheDocument()
    expect(screen.getByText('1 of 4 done · 0 sent')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Send to Priya/ }))
    await waitFor(() => expect(open).toHaveBeenLastCalledWith('https://wa.me/919000000001?text=hi'))
    await userEvent.click(await screen.findByRole('button', { name: /Send to Meena/ }))
    await waitFor(() => expect(open).toHaveBeenLastCalledWith('https://wa.me/919000000003?text=hi'))

    // Arjun opted out since the list was made: the server refuses, he is skipped with its sentence.
    await userEvent.click(await screen.findByRole('button', { name: /Send to Arjun/ }))
    expect(await screen.findByText(OPTED_OUT_SENTENCE)).toBeInTheDocument()
    expect(await screen.findByText('All done: 2 requests sent')).toBeInTheDocument()
    expect(open).toHaveBeenCalledTimes(2)

    const bodies = api.calls.filter((call) => call.method === 'POST').map((call) => call.body)
    expect(bodies).toEqual([1, 3, 4].map((customerId) => ({ businessId: 7, customerId, channel: 'whatsapp_link' })))
  })

  it('lets the owner skip someone', async () => {
    const { api } = openScreen(<NextCustomer business={fixtures.business()} customers={chosen.slice(0, 1)} />, {})
    await userEvent.click(await screen.findByRole('button', { name: 'Skip Priya' }))
    expect(await screen.findByText('All done: 0 requests sent')).toBeInTheDocument()
    expect(screen.getByText('You skipped them')).toBeInTheDocument()
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it('stops at the free plan’s limit with the upgrade answer', async () => {
    const { open } = openScreen(<NextCustomer business={fixtures.business()} customers={chosen.slice(0, 1)} />, {
      'POST /api/review-requests': { status: 403, body: { error: LIMIT_SENTENCE, upgrade: true } },
    })
    await userEvent.click(await screen.findByRole('button', { name: /Send to Priya/ }))
    expect(await screen.findByText(LIMIT_SENTENCE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' }).closest('a')).toHaveAttribute('href', '/billing')
    expect(screen.getByRole('button', { name: /Send to Priya/ })).toBeDisabled()
    expect(open).not.toHaveBeenCalled()
  })
})
