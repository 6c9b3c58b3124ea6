import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsResponse, AnalyticsTotals, DailySeriesResponse } from '@reviewroute/backend/types/api'
import BusinessAnalyticsPage from '#pages/business-analytics'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'

const sessions = Array.from({ length: 12 }, (_, index) =>
  fixtures.session({ id: index + 1, rating: index % 4 === 0 ? 2 : 5, redirected: index % 4 !== 0, feedback: index % 4 === 0 ? `Complaint ${index + 1}` : null })
)

function analyticsAnswer(overrides: Partial<AnalyticsTotals> = {}) {
  return {
    business: fixtures.business(),
    analytics: {
      totalSessions: 12,
      positiveSessions: 9,
      negativeSessions: 3,
      redirectedSessions: 8,
      conversionRate: 66.7,
      positiveLast7Days: 4,
      pageViews: 40,
      ...overrides,
    },
    sessions,
    reviews: sessions.filter((session) => session.feedback),
    insights: {
      recentLowRated: [
        fixtures.session({ id: 21, rating: 1, redirected: false, feedback: 'The staff was rude' }),
        fixtures.session({ id: 22, rating: 2, redirected: false, feedback: 'Waited 40 minutes, too slow' }),
        fixtures.session({ id: 23, rating: 3, redirected: false, feedback: 'Tables were dirty' }),
      ],
      topTopics: [
        { topic: 'service', count: 3 },
        { topic: 'staff', count: 1 },
      ],
      pageViews: 40,
    },
  } satisfies AnalyticsResponse
}

const daily = { businessId: 7, timeZone: 'Asia/Kolkata', days: [] } satisfies DailySeriesResponse

function open(path = '/business/7') {
  return renderScreen(<BusinessAnalyticsPage />, { path, pattern: '/business/:businessId' })
}

// Generous timeouts: the first antd render is slow on a busy machine.
describe('business analytics screen', { timeout: 20_000 }, () => {
  // The chart is its own chunk (recharts); loading it once up front keeps each test's timing honest.
  beforeAll(() => import('#components/analytics/daily-chart'), 30_000)

  it('shows the header and the four stats from the API', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/7/daily': daily })
    open()

    expect(await screen.findByRole('heading', { name: 'Chai Point Cafe' })).toBeInTheDocument()
    expect(screen.getByText('MG Road, Bengaluru')).toBeInTheDocument()
    expect(screen.getByText('4.2')).toBeInTheDocument()
    expect(screen.getByText('120 reviews')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Google Reviews/ })).toHaveAttribute(
      'href',
      'https://search.google.com/local/writereview?placeid=demo-cafe'
    )
    expect(screen.getByRole('link', { name: /\/review\/chai123$/ })).toBeInTheDocument()

    const stat = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement
    expect(within(stat('Total Sessions')).getByText('12')).toBeInTheDocument()
    expect(within(stat('Positive Reviews')).getByText('9')).toBeInTheDocument()
    expect(within(stat('Negative Reviews')).getByText('3')).toBeInTheDocument()
    expect(within(stat('Conversion Rate')).getByText('66.7%')).toBeInTheDocument()

    // The daily chart loads its own 30 days.
    expect(await screen.findByText('No ratings in the last 30 days.')).toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/analytics/7/daily' && call.url.searchParams.get('days') === '30')).toBe(true)
  })

  it('lists only the 10 latest sessions', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/7/daily': daily })
    open()

    const list = await screen.findByLabelText('Latest sessions', { selector: '.ant-list' })
    expect(list.querySelectorAll('.ant-list-item')).toHaveLength(10)
    expect(within(list).getByText('“Complaint 9”')).toBeInTheDocument()
    expect(within(list).queryByText('“Complaint 13”')).not.toBeInTheDocument()
  })

  it('shows the funnel insights: funnel, this week, low-rated feedback and topics', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/7/daily': daily })
    open()

    const funnel = await screen.findByRole('list', { name: 'Visits funnel' })
    expect(within(funnel).getByText('Page views')).toBeInTheDocument()
    expect(within(funnel).getByText('(30%)')).toBeInTheDocument()
    expect(within(funnel).getByText('(67%)')).toBeInTheDocument()
    expect(screen.getByText('4 positive reviews')).toBeInTheDocument()
    expect(screen.getByText('“The staff was rude”')).toBeInTheDocument()
    expect(screen.getByText('“Tables were dirty”')).toBeInTheDocument()
    expect(screen.getByText('Service · 3 mentions')).toBeInTheDocument()
    expect(screen.getByText('Staff · 1 mention')).toBeInTheDocument()
    // 66.7 % is neither excellent nor under 50 %.
    expect(screen.queryByText('Excellent conversion!')).not.toBeInTheDocument()
    expect(screen.queryByText('Room for improvement')).not.toBeInTheDocument()
  })

  it('praises a conversion of 70 % or more', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer({ conversionRate: 75, redirectedSessions: 9 }), 'GET /api/analytics/7/daily': daily })
    open()
    expect(await screen.findByText('Excellent conversion!')).toBeInTheDocument()
    expect(screen.getByText('75.0%')).toBeInTheDocument()
  })

  it('suggests improvement under 50 % with more than 5 sessions', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer({ conversionRate: 41.7, redirectedSessions: 5 }), 'GET /api/analytics/7/daily': daily })
    open()
    expect(await screen.findByText('Room for improvement')).toBeInTheDocument()
  })

  it('reads Business Not Found with a way back when the API answers 404', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/99': { status: 404, body: { error: 'Business not found', message: 'Business not found' } } })
    open('/business/99')

    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  it('does not ask the API about an id that cannot exist', async () => {
    signIn()
    const api = fakeApi({})
    open('/business/abc')
    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('reads the spec sentence on other failures', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': { status: 503, body: { error: 'Database unavailable', message: 'Database unavailable' } } })
    open()
    expect(await screen.findByRole('heading', { name: 'Failed to fetch business analytics' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })
})
