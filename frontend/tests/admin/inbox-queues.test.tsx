/*
 * The contact inbox (reply, mark handled), the queues (counts, failed jobs, retry), the businesses list (workspace and
 * who added each) and pausing a business link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AdminFailedJobDto, AdminQueueDto } from '@reviewroute/backend/types/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setViewport } from '../chrome/chrome-helpers'
import { adminBusiness, choose, contactMessage, lastQuery, list, loadConsoleFirst, operatorApi, renderApp, where } from './admin-fixtures'

loadConsoleFirst()

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const queues: AdminQueueDto[] = [
  { name: 'mail', counts: { waiting: 2, active: 1, delayed: 0, failed: 3, completed: 120 } },
  { name: 'review-requests', counts: { waiting: 0, active: 0, delayed: 4, failed: 0, completed: 56 } },
]
const failedJob: AdminFailedJobDto = {
  id: '881',
  queue: 'mail',
  name: 'receipt',
  data: { paymentId: 31 },
  failedReason: 'SMTP 550: mailbox unavailable',
  attemptsMade: 5,
  failedAt: '2026-11-23T08:00:00.000Z',
  createdAt: '2026-11-23T07:59:00.000Z',
}

describe('contact inbox, queues and links', { timeout: 60_000 }, () => {
  it('shows open messages first, and replies with a message and a reason', async () => {
    const api = operatorApi({
      'GET /api/admin/contact-messages': list([contactMessage()]),
      'POST /api/admin/contact-messages/12/reply': contactMessage({
        handledAt: '2026-11-23T10:00:00.000Z',
        handledBy: 'ops@reviewroute.in',
      }),
    })
    renderApp('/admin/contact-messages')
    expect(await screen.findByText('Invoice needs my GSTIN')).toBeInTheDocument()
    expect(lastQuery(api, '/api/admin/contact-messages')).toMatchObject({ handled: 'false' })

    fireEvent.click(screen.getByRole('button', { name: 'Reply to Ravi Kumar' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    expect(await within(dialog).findByText('Write the reply')).toBeInTheDocument()
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false)

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reply' }), 'Done: the new invoice is in your account.')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'GSTIN request')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Reply Sent')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      message: 'Done: the new invoice is in your account.',
      reason: 'GSTIN request',
    })

    await choose('Open and handled', 'Handled')
    await waitFor(() => expect(lastQuery(api, '/api/admin/contact-messages')).toMatchObject({ handled: 'true' }))
  })

  it('marks a message handled with a reason', async () => {
    const api = operatorApi({
      'GET /api/admin/contact-messages': list([contactMessage()]),
      'POST /api/admin/contact-messages/12/handle': contactMessage({ handledAt: '2026-11-23T10:00:00.000Z' }),
    })
    renderApp('/admin/contact-messages')
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Invoice needs my GSTIN handled' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Answered by phone')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }))
    expect(await screen.findByText('Message Handled')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/contact-messages/12/handle',
      body: { reason: 'Answered by phone' },
    })
  })

  it('shows each queue’s counts, a queue’s failed jobs with their error, and retries one with a reason', async () => {
    const api = operatorApi({
      'GET /api/admin/queues': queues,
      'GET /api/admin/queues/mail/failed': [failedJob],
      'POST /api/admin/queues/mail/jobs/881/retry': { ok: true },
    })
    renderApp('/admin/queues')
    const mail = await screen.findByLabelText('Queue mail')
    expect(within(mail).getByText('120')).toBeInTheDocument()
    expect(within(mail).getByText('failed')).toBeInTheDocument()
    expect(within(screen.getByLabelText('Queue review-requests')).getByText('56')).toBeInTheDocument()

    fireEvent.click(mail)
    expect(await screen.findByText('SMTP 550: mailbox unavailable')).toBeInTheDocument()
    expect(where()).toBe('/admin/queues/mail')
    fireEvent.click(screen.getByRole('button', { name: 'Retry job 881' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Mailbox is back')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry job' }))
    expect(await screen.findByText('Job Queued Again')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'Mailbox is back' })
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/admin/queues/mail/failed')).toHaveLength(2))
  })

  it("names each business's workspace and who added it, also when that account is gone", async () => {
    operatorApi({
      'GET /api/admin/businesses': list([
        adminBusiness(),
        adminBusiness({ id: 8, name: 'Dosa Corner', userId: null, ownerEmail: null, workspaceId: 4, workspaceName: 'Ravi Foods' }),
      ]),
    })
    renderApp('/admin/businesses')
    const kept = (await screen.findByText('Chai Point Cafe')).closest('tr')!
    expect(within(kept).getByText('Asha Rao')).toBeInTheDocument()
    expect(within(kept).getByRole('link', { name: 'asha@example.in' })).toHaveAttribute('href', '/admin/users/5')
    const orphan = screen.getByText('Dosa Corner').closest('tr')!
    expect(within(orphan).getByText('Ravi Foods')).toBeInTheDocument()
    expect(within(orphan).getByText('Added by a deleted account')).toBeInTheDocument()
    expect(within(orphan).queryByRole('link', { name: /admin\/users/ })).toBeNull()
  })

  it('pauses a business link with a reason', async () => {
    const api = operatorApi({
      'GET /api/admin/businesses': list([adminBusiness()]),
      'POST /api/admin/businesses/7/disable': adminBusiness({ disabledAt: '2026-11-23T10:00:00.000Z', disabledReason: 'Fake reviews' }),
    })
    renderApp('/admin/businesses')
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Chai Point Cafe' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/see a polite message that the page is paused/)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake reviews')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause link' }))
    expect(await screen.findByText('Link Paused')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/businesses/7/disable',
      body: { reason: 'Fake reviews' },
    })
  })
})
