/* The feedback inbox opened from an alert (`/feedbacks?businessId=B&feedback=ID`): that business, and that feedback on top. */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessesProvider } from '#hooks/use-businesses'
import FeedbacksPage from '#pages/feedbacks'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'

const list = (rows: unknown[], total = rows.length) => ({ status: 200, body: rows, headers: { 'x-total-count': String(total) } })

const businesses = [fixtures.business(), fixtures.business({ id: 8, name: 'Spice Hub', shortUrl: 'spice88' })]
const alerted = fixtures.session({ id: 41, businessId: 8, rating: 1, redirected: false, feedback: 'Cold biryani, rude staff' })

function open(path: string, routes: Routes = {}) {
  signIn()
  const api = fakeApi({
    'GET /api/businesses': list(businesses),
    'GET /api/feedbacks': list([]),
    'GET /api/feedbacks/41': alerted,
    ...routes,
  })
  renderScreen(
    <BusinessesProvider>
      <FeedbacksPage />
    </BusinessesProvider>,
    { path }
  )
  return api
}

const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api.calls
    .filter((call) => call.method === 'GET' && call.path === '/api/feedbacks' && call.url.searchParams.get('_end') !== '1')
    .map((call) => call.url.searchParams.get('businessId'))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})
configure({ asyncUtilTimeout: 4000 })

describe('feedback inbox from an alert', () => {
  it("selects the alert's business and shows its feedback on top, to resolve there", async () => {
    let resolved = false
    const api = open('/feedbacks?businessId=8&feedback=41', {
      'GET /api/feedbacks/41': () => ({ ...alerted, resolved }),
      'PATCH /api/feedbacks/41': ({ body }: { body: { resolved: boolean } }) => {
        resolved = body.resolved
        return { ...alerted, resolved }
      },
    })
    const card = await screen.findByRole('region', { name: 'Feedback from your alert' })
    expect(within(card).getByText('“Cold biryani, rude staff”')).toBeInTheDocument()
    await waitFor(() => expect(listQueries(api).at(-1)).toBe('8'))

    fireEvent.click(within(card).getByRole('button', { name: /Mark as resolved/ }))
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ resolved: true }))
    expect(await within(card).findByText('Resolved')).toBeInTheDocument()
  })

  it('closes the feedback, leaving the inbox', async () => {
    open('/feedbacks?businessId=8&feedback=41')
    const card = await screen.findByRole('region', { name: 'Feedback from your alert' })
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Feedback from your alert' })).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Customer feedback' })).toBeInTheDocument()
  })

  it('shows the inbox alone when the feedback cannot be read', async () => {
    const api = open('/feedbacks?businessId=99&feedback=41', {
      'GET /api/feedbacks/41': { status: 404, body: { error: 'Feedback not found', message: 'Feedback not found' } },
    })
    expect(await screen.findByRole('heading', { name: 'Customer feedback' })).toBeInTheDocument()
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/feedbacks/41')).toBe(true))
    // Not one of the owner's businesses: the selection stays.
    await waitFor(() => expect(listQueries(api).at(-1)).toBe('7'))
    expect(screen.queryByRole('region', { name: 'Feedback from your alert' })).not.toBeInTheDocument()
  })

  it('asks for no single feedback without a link to one', async () => {
    const plain = open('/feedbacks')
    await waitFor(() => expect(listQueries(plain).length).toBeGreaterThan(0))
    expect(plain.calls.some((call) => call.path.startsWith('/api/feedbacks/'))).toBe(false)
  })
})
