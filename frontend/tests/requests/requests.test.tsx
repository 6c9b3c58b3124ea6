import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AnalyticsResponse, RequestFunnelDto } from '@reviewroute/backend/types/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import BusinessAnalyticsPage from '#pages/business-analytics'
import RequestsPage from '#pages/requests'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'
import { LIMIT_SENTENCE, list, openScreen, reviewRequest } from './request-fixtures'

afterEach(() => vi.restoreAllMocks())
configure({ asyncUtilTimeout: 4000 })

const funnel: RequestFunnelDto = {
  businessId: 7,
  channels: [{ channel: 'whatsapp_link', sent: 40, opened: 30, rated: 12, ratedInWhatsApp: 0, sentToGoogle: 9 }],
  total: { sent: 40, opened: 30, rated: 12, ratedInWhatsApp: 0, sentToGoogle: 9 },
  poster: { pageViews: 210, ratings: 35, sentToGoogle: 21 },
  sources: [{ source: 'manual', integrationId: null, provider: null, requests: 40, sent: 40, opened: 30, rated: 12, sentToGoogle: 9 }],
}

const requests = [
  reviewRequest({ id: 11, status: 'rated', customerName: 'Priya Sharma' }),
  reviewRequest({ id: 12, status: 'opened', customerName: 'Ravi Kumar', customerPhone: '+919000000002', customerId: 2 }),
  reviewRequest({ id: 14, status: 'sent', customerName: 'Kavya Rao', customerPhone: '+919000000004', customerId: 4 }),
  reviewRequest({
    id: 15,
    status: 'sent',
    channel: 'email',
    customerName: 'Meera Iyer',
    customerPhone: null,
    customerEmail: 'meera@example.com',
    customerId: 5,
    whatsappUrl: undefined,
  }),
]

const lastQuery = (api: ReturnType<typeof openScreen>['api']) =>
  Object.fromEntries(api.calls.filter((call) => call.method === 'GET' && call.path === '/api/review-requests').at(-1)!.url.searchParams)

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

function open(routes = {}) {
  return openScreen(
    <RequestsPage />,
    { 'GET /api/review-requests': list(requests), 'GET /api/review-requests/funnel': funnel, ...routes },
    '/dashboard/requests'
  )
}

describe('review requests screen', () => {
  it('lists requests with the customer’s name, number and a friendly status', async () => {
    const { api } = open()
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument()
    expect(screen.getByText('+91 90000 00002')).toBeInTheDocument()
    expect(screen.getByText('meera@example.com')).toBeInTheDocument()
    expect(screen.getAllByText('Rated').length).toBeGreaterThan(0)
    expect(screen.getByText('Opened the link', { selector: '.ant-tag' })).toBeInTheDocument()
    // A request through the owner's own WhatsApp says what we know: WhatsApp opened, not that it was delivered.
    expect(screen.getAllByText('Handed to your WhatsApp', { selector: '.ant-tag' }).length).toBeGreaterThan(0)
    expect(screen.queryByText('Opened in WhatsApp')).not.toBeInTheDocument()
    expect(screen.getAllByText('Sent', { selector: '.ant-tag' }).length).toBeGreaterThan(0)
    expect(lastQuery(api)).toEqual({ _start: '0', _end: '20', _sort: 'createdAt', _order: 'desc', businessId: '7' })
  })

  it('shows a failed request with the provider’s reason', async () => {
    open({
      'GET /api/review-requests': list([
        reviewRequest({
          id: 13,
          channel: 'whatsapp',
          status: 'failed',
          failureReason: 'Message Undeliverable. (131026)',
          customerName: 'Meena',
        }),
      ]),
    })
    expect(await screen.findByText('Meena')).toBeInTheDocument()
    expect(screen.getAllByText('Message Undeliverable. (131026)').length).toBeGreaterThan(0)
  })

  it('sends the status, channel and date filters to the API', async () => {
    const { api } = open()
    await screen.findByText('Ravi Kumar')

    await choose('Status', 'Opened the link')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ businessId: '7', status: 'opened' }))
    await choose('Channel', 'My WhatsApp')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'opened', channel: 'whatsapp_link' }))

    fireEvent.mouseDown(screen.getAllByPlaceholderText('Start date')[0])
    fireEvent.click(screen.getAllByPlaceholderText('Start date')[0])
    const days = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)'))
    await waitFor(() => expect(days().length).toBeGreaterThan(0))
    const [first, last] = [days()[0].title, days().at(-1)!.title]
    fireEvent.click(days()[0])
    fireEvent.click(days().find((cell) => cell.title === last)!)
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ createdAt_gte: first, createdAt_lte: last, _start: '0' }))

    await choose('Status', 'Any status')
    await waitFor(() => expect(lastQuery(api)).not.toHaveProperty('status'))
    expect(lastQuery(api)).toMatchObject({ channel: 'whatsapp_link' })
  })

  it('pages on the server (useTable): page 2 asks for rows 20-40 with its filters, and a new filter goes back to page 1', async () => {
    const { api } = open({ 'GET /api/review-requests': list(requests, 45) })
    await screen.findByText('Ravi Kumar')
    await choose('Channel', 'My WhatsApp')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ channel: 'whatsapp_link', _start: '0' }))
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        _start: '20',
        _end: '40',
        _sort: 'createdAt',
        _order: 'desc',
        businessId: '7',
        channel: 'whatsapp_link',
      })
    )
    await choose('Status', 'Opened the link')
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'opened', channel: 'whatsapp_link', _start: '0', _end: '20' }))
  })

  it('shows the funnel by channel next to the QR poster’s numbers', async () => {
    const { api } = open()
    const card = (await screen.findByText('How your requests are doing')).closest('.ant-card') as HTMLElement
    expect(await within(card).findByLabelText('Sent: 40')).toBeInTheDocument()
    expect(within(card).getByLabelText('Opened: 30')).toHaveTextContent('Opened · 75%')
    expect(within(card).getByLabelText('Rated: 12')).toHaveTextContent('Rated · 40%')
    expect(within(card).getAllByLabelText('Sent to Google: 9')[0]).toHaveTextContent('Sent to Google · 75%')
    expect(within(card).getByText('My WhatsApp')).toBeInTheDocument()
    expect(within(card).getByLabelText('Page views: 210')).toBeInTheDocument()
    expect(within(card).getByLabelText('Ratings: 35')).toHaveTextContent('Ratings · 17%')
    expect(within(card).getByLabelText('Sent to Google: 21')).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/review-requests/funnel')!.url.searchParams.get('businessId')).toBe('7')
  })

  it('shows what each source brought: by hand, an integration, staff links', async () => {
    open({
      'GET /api/review-requests/funnel': {
        ...funnel,
        sources: [
          { source: 'integration', integrationId: 3, provider: 'shopify', requests: 30, sent: 28, opened: 20, rated: 14, sentToGoogle: 11 },
          { source: 'manual', integrationId: null, provider: null, requests: 40, sent: 40, opened: 30, rated: 12, sentToGoogle: 9 },
          { source: 'staff_link', integrationId: null, provider: null, requests: 0, sent: 0, opened: 0, rated: 6, sentToGoogle: 5 },
        ],
      } satisfies RequestFunnelDto,
    })
    const table = await screen.findByRole('table', { name: 'By source' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Source', 'Requests', 'Rated', 'Sent to Google'],
      ['Shopify', '30', '14', '11'],
      ['Sent by hand', '40', '12', '9'],
      ['Staff links (ratings)', '–', '6', '5'],
    ])
  })

  it('shows no table by source when every request was sent by hand', async () => {
    open()
    await screen.findByLabelText('Sent: 40')
    expect(screen.queryByRole('table', { name: 'By source' })).not.toBeInTheDocument()
  })

  it('says how many rated inside WhatsApp, under the rated figure', async () => {
    open({
      'GET /api/review-requests/funnel': {
        ...funnel,
        channels: [
          funnel.channels[0],
          { channel: 'whatsapp', sent: 20, opened: 15, rated: 10, ratedInWhatsApp: 7, sentToGoogle: 6 },
          { channel: 'email', sent: 5, opened: 2, rated: 1, ratedInWhatsApp: 0, sentToGoogle: 1 },
        ],
        total: { sent: 65, opened: 47, rated: 23, ratedInWhatsApp: 7, sentToGoogle: 16 },
      } satisfies RequestFunnelDto,
    })
    const card = (await screen.findByText('How your requests are doing')).closest('.ant-card') as HTMLElement
    const business = (await within(card).findByText('WhatsApp Business')).closest('.ant-flex') as HTMLElement
    expect(within(business).getByLabelText('Rated: 10')).toHaveTextContent('Rated in WhatsApp: 7')
    const all = within(card).getByText('All requests').closest('.ant-flex') as HTMLElement
    expect(within(all).getByLabelText('Rated: 23')).toHaveTextContent('Rated in WhatsApp: 7')
    // Channels whose ratings all came from the page say nothing of WhatsApp.
    const email = within(card).getByText('Email').closest('.ant-flex') as HTMLElement
    expect(within(email).getByLabelText('Rated: 1')).not.toHaveTextContent('WhatsApp')
    expect(within(card).getAllByLabelText(/^Rated in WhatsApp/)).toHaveLength(2)
  })

  it('resends through WhatsApp with the fresh link, or shows the upgrade answer at the limit', async () => {
    let limited = false
    const { api, open: openWhatsApp } = open({
      'POST /api/review-requests/12/resend': () =>
        limited
          ? { status: 403, body: { error: LIMIT_SENTENCE, upgrade: true } }
          : reviewRequest({ id: 12, whatsappUrl: 'https://wa.me/919000000002?text=again' }),
    })
    // A rated request is done: no resend.
    expect(await screen.findByRole('button', { name: 'Resend to Ravi Kumar' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend to Priya Sharma' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Resend to Ravi Kumar' }))
    await waitFor(() => expect(openWhatsApp).toHaveBeenCalledWith('https://wa.me/919000000002?text=again'))
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/review-requests/12/resend')).toBe(true)

    limited = true
    await userEvent.click(screen.getByRole('button', { name: 'Resend to Ravi Kumar' }))
    expect(await screen.findByText(LIMIT_SENTENCE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument()
    expect(openWhatsApp).toHaveBeenCalledTimes(1)
  })

  it('offers no way to choose who to ask by how they rated', async () => {
    open()
    await screen.findByText('Ravi Kumar')
    expect(screen.queryByRole('combobox', { name: /rating/i })).not.toBeInTheDocument()
  })

  it('shows the same funnel on the business analytics screen', async () => {
    signIn()
    const analytics = {
      business: fixtures.business(),
      analytics: {
        totalSessions: 0,
        positiveSessions: 0,
        negativeSessions: 0,
        redirectedSessions: 0,
        conversionRate: 0,
        positiveLast7Days: 0,
        pageViews: 0,
        widgetViews: 0,
      },
      sessions: [],
      reviews: [],
      insights: { recentLowRated: [], topTopics: [], pageViews: 0 },
    } satisfies AnalyticsResponse
    fakeApi({
      'GET /api/analytics/7': analytics,
      'GET /api/analytics/7/daily': { businessId: 7, timeZone: 'Asia/Kolkata', days: [] },
      'GET /api/review-requests/funnel': funnel,
    })
    renderScreen(<BusinessAnalyticsPage />, { path: '/business/7', pattern: '/business/:businessId' })
    const card = (await screen.findByText('How your requests are doing')).closest('.ant-card') as HTMLElement
    expect(await within(card).findByLabelText('Sent: 40')).toBeInTheDocument()
    expect(within(card).getByLabelText('Page views: 210')).toBeInTheDocument()
  })
})
