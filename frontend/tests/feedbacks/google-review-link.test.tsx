/*
 * The inbox opened from a Google review alert (`/feedbacks?source=google&businessId=B&review=ID`): the Google tab of
 * that business, and that review on top, highlighted, with the inbox's Reply.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GoogleReviewDto } from '@reviewroute/backend/types/api'
import type { WorkspaceRole } from '#lib/roles'
import { rememberWorkspace } from '#lib/workspace-store'
import FeedbacksPage from '#pages/feedbacks'
import { setViewport } from '../chrome/chrome-helpers'
import { googleConnection, googleReview } from '../google/fixtures'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'

const list = (rows: unknown[]) => ({ status: 200, body: rows, headers: { 'x-total-count': String(rows.length) } })

const businesses = [fixtures.business(), fixtures.business({ id: 8, name: 'Spice Hub', shortUrl: 'spice88' })]
const alerted = googleReview({
  id: 55,
  businessId: 8,
  stars: 2,
  comment: 'Waited 40 minutes for a dosa.',
  reviewer: { name: 'Ravi K', photoUrl: null, anonymous: false },
})

function open(path: string, { role = 'owner' as WorkspaceRole, routes = {} as Routes } = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role })],
    'GET /api/businesses': list(businesses),
    'GET /api/feedbacks': list([]),
    'GET /api/google/connection': googleConnection(),
    'GET /api/google-reviews': list([googleReview({ businessId: 8 })]),
    'GET /api/google-reviews/55': alerted,
    'GET /api/reply-templates': [],
    ...routes,
  })
  renderInWorkspace(<FeedbacksPage />, path)
  return api
}

const reviewQueries = (api: ReturnType<typeof fakeApi>) =>
  api.calls
    .filter((call) => call.method === 'GET' && call.path === '/api/google-reviews' && call.url.searchParams.get('_end') !== '1')
    .map((call) => call.url.searchParams.get('businessId'))

beforeEach(() => setViewport(1280))
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('Google review from an alert', () => {
  it("opens the Google tab of the alert's business with the review on top, answered with the inbox's Reply", async () => {
    let reply: GoogleReviewDto['reply'] = null
    const api = open('/feedbacks?source=google&businessId=8&review=55', {
      routes: {
        'GET /api/google-reviews/55': () => ({ ...alerted, reply }),
        'PUT /api/google-reviews/55/reply': ({ body }: { body: { comment: string } }) => {
          reply = { comment: body.comment, updateTime: new Date().toISOString() }
          return { ...alerted, reply }
        },
      },
    })
    const card = await screen.findByRole('region', { name: 'Google review from your alert' })
    expect(within(card).getByText('Waited 40 minutes for a dosa.')).toBeInTheDocument()
    expect(within(card).getByText('Ravi K')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Google reviews', selected: true })).toBeInTheDocument()
    await waitFor(() => expect(reviewQueries(api).at(-1)).toBe('8'))

    await userEvent.click(within(card).getByRole('button', { name: /Reply/ }))
    const drawer = await screen.findByRole('dialog')
    await userEvent.type(within(drawer).getByLabelText('Your reply'), 'Sorry, Ravi. We have added a second cook.')
    await userEvent.click(within(drawer).getByRole('button', { name: /Post reply/ }))
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ comment: 'Sorry, Ravi. We have added a second cook.' })
    )
    expect(await within(card).findByText('Sorry, Ravi. We have added a second cook.')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Edit reply/ })).toBeInTheDocument()
  })

  it('a viewer reads the review without Reply, and closes it', async () => {
    open('/feedbacks?source=google&businessId=8&review=55', { role: 'viewer' })
    const card = await screen.findByRole('region', { name: 'Google review from your alert' })
    expect(within(card).queryByRole('button', { name: /Reply/ })).not.toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Google review from your alert' })).not.toBeInTheDocument())
    expect(screen.getByRole('tab', { name: 'Google reviews', selected: true })).toBeInTheDocument()
  })

  it('shows the inbox alone when the review cannot be read', async () => {
    const api = open('/feedbacks?source=google&businessId=8&review=55', {
      routes: { 'GET /api/google-reviews/55': { status: 404, body: { error: 'Review not found', message: 'Review not found' } } },
    })
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/google-reviews/55')).toBe(true))
    expect(await screen.findByText('Lovely masala chai and quick service.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Google review from your alert' })).not.toBeInTheDocument()
  })

  it('asks for no single review without a link to one', async () => {
    const api = open('/feedbacks?source=google')
    expect(await screen.findByText('Lovely masala chai and quick service.')).toBeInTheDocument()
    expect(api.calls.some((call) => /^\/api\/google-reviews\/\d+$/.test(call.path))).toBe(false)
  })
})
