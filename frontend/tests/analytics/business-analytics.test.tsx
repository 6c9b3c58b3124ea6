import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { AnalyticsResponse, AnalyticsTotals, DailySeriesResponse } from '@reviewroute/backend/types/api'
import BusinessAnalyticsPage from '#pages/business-analytics'
import { formatDateTime } from '#lib/dates'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'
import { formatRange, presetRange } from '#lib/date-range'
import { answerRange, totals } from './range-fixtures'

const sessions = Array.from({ length: 12 }, (_, index) =>
  fixtures.session({
    id: index + 1,
    rating: index % 4 === 0 ? 2 : 5,
    redirected: index % 4 !== 0,
    feedback: index % 4 === 0 ? `Complaint ${index + 1}` : null,
  })
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
      widgetViews: 0,
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

/** GET /api/analytics/range: the asked period's 12 sessions against 8 before. */
const periodAnswer = answerRange({
  businessId: 7,
  totals: totals({
    totalSessions: 12,
    positiveSessions: 9,
    negativeSessions: 3,
    redirectedSessions: 8,
    conversionRate: 66.7,
    averageRating: 4.1,
    widgetViews: 25,
  }),
  previousTotals: totals({
    totalSessions: 8,
    positiveSessions: 5,
    negativeSessions: 3,
    redirectedSessions: 4,
    conversionRate: 50,
    averageRating: 3.9,
    widgetViews: 10,
  }),
})

/**
 * The ResizeObservers antd creates, so a test can report a size to them (tests/setup.ts's stub never does). Installed
 * before antd loads: its observer helper takes the class once, when it is imported. So this is an isolated test file
 * (vite.config.ts): in a module graph shared with other files, antd would hold their stub.
 */
const observers = vi.hoisted(() => {
  const list: { callback: ResizeObserverCallback; targets: Set<Element> }[] = []
  window.ResizeObserver = class {
    private record: (typeof list)[number]
    constructor(callback: ResizeObserverCallback) {
      this.record = { callback, targets: new Set() }
      list.push(this.record)
    }
    observe(target: Element) {
      this.record.targets.add(target)
    }
    unobserve(target: Element) {
      this.record.targets.delete(target)
    }
    disconnect() {
      this.record.targets.clear()
    }
  } as unknown as typeof ResizeObserver
  return list
})

/**
 * jsdom lays nothing out: this gives every element a 300 px width and text 40 characters (20 px) a line, cut by
 * -webkit-line-clamp, then reports the sizes, so antd's ellipsis measures as in a browser. Returns the undo.
 */
async function fakeTextLayout() {
  const lines = (element: HTMLElement) => Math.max(1, Math.ceil((element.textContent ?? '').length / 40))
  const clamp = (element: HTMLElement) =>
    Number(element.style.getPropertyValue('-webkit-line-clamp') || element.style.webkitLineClamp) || Infinity
  const shown = (element: HTMLElement) => Math.min(lines(element), clamp(element)) * 20
  const properties: Record<string, PropertyDescriptor> = {
    offsetWidth: { get: () => 300 },
    scrollHeight: {
      get: function (this: HTMLElement) {
        return lines(this) * 20
      },
    },
    clientHeight: {
      get: function (this: HTMLElement) {
        return shown(this)
      },
    },
  }
  const saved = Object.keys(properties).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const)
  for (const [key, descriptor] of Object.entries(properties))
    Object.defineProperty(HTMLElement.prototype, key, { ...descriptor, configurable: true })
  const rect = vi
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ width: 300, height: 20, x: 0, y: 0, top: 0, left: 0, right: 300, bottom: 20, toJSON: () => ({}) })
  await act(async () => {
    for (const { callback, targets } of observers)
      callback(
        [...targets].map((target) => ({ target }) as ResizeObserverEntry),
        {} as ResizeObserver
      )
  })
  return () => {
    rect.mockRestore()
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key]
    }
  }
}

function open(path = '/business/7') {
  return renderScreen(<BusinessAnalyticsPage />, { path, pattern: '/business/:businessId' })
}

// A generous bound: the file's first render loads antd and the charts' chunks, slow on a busy machine (npm test
// runs two suites at a time).
describe('business analytics screen', { timeout: 60_000 }, () => {
  // The chart is its own chunk (recharts); loading it once up front keeps each test's timing honest.
  beforeAll(() => Promise.all([import('#components/analytics/daily-chart'), import('#components/analytics/google-rating-history')]), 30_000)

  // docs/decisions.md D35: the owner's proof, on the business's own page.
  it("shows 'Google rating since you joined' from the business's rating history", async () => {
    signIn()
    fakeApi({
      'GET /api/analytics/7': analyticsAnswer(),
      'GET /api/analytics/range': periodAnswer,
      'GET /api/businesses/7/google-rating-history': {
        businessId: 7,
        since: '2026-10-12',
        points: [
          { day: '2026-10-12', rating: 4.3, reviewCount: 100 },
          { day: '2026-11-24', rating: 4.5, reviewCount: 138 },
        ],
      },
    })
    open()
    // Its own chunk (the chart) and its own call: give a busy machine time.
    expect(await screen.findByText('Google rating since you joined')).toBeInTheDocument()
    expect(await screen.findByText(/\+38 reviews on Google/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Refresh from Google/ })).toBeInTheDocument()
  })

  it('shows the header and the four stats from the API', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/range': periodAnswer })
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

    // The four stats are the last 30 days' (docs/decisions.md D36), against the 30 days before.
    // Named as every screen names them (docs/product-rules.md#words-for-the-figures).
    const stat = (title: string) => screen.getByRole('group', { name: title }).querySelector('.ant-statistic') as HTMLElement
    expect(await within(await screen.findByRole('group', { name: 'Ratings' })).findByText('12')).toBeInTheDocument()
    expect(within(stat('Ratings')).getByText('12')).toBeInTheDocument()
    expect(within(stat('4-5 star ratings')).getByText('9')).toBeInTheDocument()
    expect(within(stat('Private ratings')).getByText('3')).toBeInTheDocument()
    expect(within(stat('Sent to Google')).getByText('66.7%')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Sent to Google' })).getByText('8 of 12 ratings')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Ratings' })).getByText('+4 vs 8 in the previous 30 days')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Sent to Google' })).getByText('+16.7 pts vs previous 30 days')).toBeInTheDocument()
    // The website widget's views in the period (docs/decisions.md D49), and the way to its screen.
    const widget = screen.getByRole('group', { name: 'Website widget' })
    expect(within(widget).getByText(/25 views in this period/)).toBeInTheDocument()
    expect(within(widget).getByText('+15 (+150%) vs previous 30 days')).toBeInTheDocument()
    expect(within(widget).getByRole('link', { name: /Website widget/ })).toHaveAttribute('href', '/business/7/widget')
    for (const old of ['Total Sessions', 'Positive Reviews', 'Negative Reviews', 'Conversion Rate'])
      expect(screen.queryByText(old)).not.toBeInTheDocument()

    // The daily chart draws the same period's days, from the same answer.
    expect(await screen.findByText('No ratings in this period.')).toBeInTheDocument()
    const periodCalls = api.calls.filter((call) => call.path === '/api/analytics/range')
    expect(periodCalls).toHaveLength(1)
    expect(Object.fromEntries(periodCalls[0].url.searchParams)).toEqual({ ...presetRange('last30'), businessId: '7' })
  })

  it('makes the stats and the chart follow the chosen period', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/range': periodAnswer })
    open()
    await within(await screen.findByRole('group', { name: 'Ratings' })).findByText('12')

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }))
    fireEvent.click((await screen.findAllByTitle('Last 7 days')).find((element) => element.classList.contains('ant-select-item-option'))!)

    const week = presetRange('last7')
    await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.url.searchParams)).toEqual({ ...week, businessId: '7' }))
    expect(await screen.findByText('+4 vs 8 in the previous 7 days')).toBeInTheDocument()
    expect(screen.getByText(/Ratings per day/)).toHaveTextContent(formatRange(week))
  })

  it('lists only the 10 latest ratings', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/7/daily': daily })
    open()

    const list = await screen.findByLabelText('Latest ratings', { selector: '.ant-list' })
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
    expect(screen.getByText('4 ratings of 4-5 stars')).toBeInTheDocument()
    expect(screen.getByText('“The staff was rude”')).toBeInTheDocument()
    expect(screen.getByText('“Tables were dirty”')).toBeInTheDocument()
    expect(screen.getByText('Service · 3 mentions')).toBeInTheDocument()
    expect(screen.getByText('Staff · 1 mention')).toBeInTheDocument()
    // 66.7 % is neither excellent nor under 50 %.
    expect(screen.queryByText('Excellent!')).not.toBeInTheDocument()
    expect(screen.queryByText('Room for improvement')).not.toBeInTheDocument()
  })

  // docs/screens.md#funnel-insights: the low-rated feedback's relative time keeps the exact date and time, shown on hover.
  it('shows the exact date and time of a low-rated feedback on hover', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer(), 'GET /api/analytics/7/daily': daily })
    open()

    const feedback = (await screen.findByText('“The staff was rude”')).parentElement as HTMLElement
    const time = feedback.querySelector('time') as HTMLElement
    expect(time).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z')
    await userEvent.hover(time)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime('2026-11-21T10:00:00.000Z'))
  })

  // docs/screens.md#funnel-insights: a long complaint is folded to three lines, with a way to read it all.
  it('folds a long complaint to three lines, with Expand and Collapse', async () => {
    const long = `Waited forty minutes for a table. ${'The order came wrong twice and nobody said sorry. '.repeat(12)}Never again.`
    const answer = analyticsAnswer()
    answer.insights.recentLowRated[0] = fixtures.session({ id: 21, rating: 1, redirected: false, feedback: long })
    answer.sessions = [fixtures.session({ id: 99, rating: 1, redirected: false, feedback: long }), ...sessions]
    signIn()
    fakeApi({ 'GET /api/analytics/7': answer, 'GET /api/analytics/7/daily': daily })
    open()

    const insights = (await screen.findByText('Recent low-rated feedback')).closest('.ant-card') as HTMLElement
    await within(insights).findByText('“Tables were dirty”')
    const undo = await fakeTextLayout()
    try {
      const expand = await within(insights).findByRole('button', { name: 'Expand' })
      const paragraph = expand.closest('.ant-typography') as HTMLElement
      expect(paragraph.textContent).toMatch(/^“Waited forty minutes/)
      expect(paragraph.textContent).not.toContain('Never again.')
      // Short complaints are shown whole, without a button.
      expect(within(insights).getByText('“Tables were dirty”')).toBeInTheDocument()
      expect(within(insights).getAllByRole('button', { name: 'Expand' })).toHaveLength(1)

      await userEvent.click(expand)
      expect(paragraph).toHaveTextContent('Never again.”')
      expect(within(paragraph).getByRole('button', { name: 'Collapse' })).toBeInTheDocument()

      // The latest ratings fold it the same way.
      const latest = screen.getByLabelText('Latest ratings', { selector: '.ant-list' })
      expect(within(latest).getAllByRole('button', { name: 'Expand' })).toHaveLength(1)
      expect(within(latest).getByText('“Complaint 9”')).toBeInTheDocument()
    } finally {
      undo()
    }
  })

  it('praises 70 % or more sent to Google', async () => {
    signIn()
    fakeApi({ 'GET /api/analytics/7': analyticsAnswer({ conversionRate: 75, redirectedSessions: 9 }), 'GET /api/analytics/7/daily': daily })
    open()
    expect(await screen.findByText('Excellent!')).toBeInTheDocument()
    // The verdict is the all-time funnel's (the four stats above follow the chosen period).
    expect(screen.getByText('75.0% of your ratings are sent to Google.')).toBeInTheDocument()
  })

  it('suggests improvement under 50 % with more than 5 sessions', async () => {
    signIn()
    fakeApi({
      'GET /api/analytics/7': analyticsAnswer({ conversionRate: 41.7, redirectedSessions: 5 }),
      'GET /api/analytics/7/daily': daily,
    })
    open()
    expect(await screen.findByText('Room for improvement')).toBeInTheDocument()
    expect(screen.getByText(/^Only 41.7% of your ratings are sent to Google./)).toBeInTheDocument()
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
