import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OverviewCounts, OverviewResponse } from '@reviewroute/backend/types/api'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BusinessesProvider } from '#hooks/use-businesses'
import DashboardPage from '#pages/dashboard'
import { fakeApi, fixtures, renderScreen, signIn, stubIntersectionObserver, type Routes } from '../helpers'
import { sessionsEndpoint } from './fake-sessions'
import { answerRange } from '../analytics/range-fixtures'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
  drawPoster: vi.fn(async (canvas: HTMLCanvasElement) => Object.assign(canvas, { toDataURL: () => 'data:image/png;base64,POSTER' })),
}))

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** One of the four cards: the period card further down names its figures the same way (a group each). */
const statCard = (title: string) => screen.getByLabelText(title, { selector: '.ant-card' })
const findStatCard = (title: string) => screen.findByLabelText(title, { selector: '.ant-card' })

const renderDashboard = () =>
  renderScreen(
    <BusinessesProvider>
      <DashboardPage />
    </BusinessesProvider>,
    { path: '/dashboard' }
  )

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const session = (id: number, rating: number, hours: number, feedback: string | null = null) =>
  fixtures.session({
    id,
    rating,
    feedback,
    redirected: rating >= 4,
    createdAt: hoursAgo(hours),
    timestamp: hoursAgo(hours),
  })

/** 7 sessions: 5, 4, 2 (text), 5, 3 (no text), 1 (text), 5 — average 25/7 = 3.6; 2 low-rated with text. */
const sessions = [
  session(1, 5, 1),
  session(2, 4, 2),
  session(3, 2, 3, 'Waited 20 minutes for tea'),
  session(4, 5, 4),
  session(5, 3, 5),
  session(6, 1, 6, 'Rude staff'),
  session(7, 5, 7),
  // Another business's session is not counted.
  { ...session(8, 1, 0.5, 'elsewhere'), businessId: 99 },
]

const NO_SESSIONS: OverviewCounts = {
  totalSessions: 0,
  positiveSessions: 0,
  negativeSessions: 0,
  redirectedSessions: 0,
  averageRating: null,
  filteredFeedback: 0,
}

const NO_RECENT = { recentGoogleRatings: 0, recentGoogleAverage: null }

/** GET /api/overview for the sessions above: the café (business 7) and another business of the owner. */
const overview = (cafe: OverviewCounts) =>
  ({
    totals: { ...cafe, businesses: 2, totalSessions: cafe.totalSessions + 1, negativeSessions: cafe.negativeSessions + 1 },
    businesses: [
      { businessId: 99, ...NO_SESSIONS, totalSessions: 1, negativeSessions: 1, averageRating: 1, filteredFeedback: 1, ...NO_RECENT },
      // 5, 4, 5 and 5 stars went on to Google (docs/decisions.md D37).
      { businessId: 7, ...cafe, recentGoogleRatings: 4, recentGoogleAverage: 4.75 },
    ],
  }) satisfies OverviewResponse

const cafeCounts: OverviewCounts = {
  totalSessions: 7,
  positiveSessions: 4,
  negativeSessions: 3,
  redirectedSessions: 4,
  averageRating: 3.6,
  filteredFeedback: 2,
}

function api(overrides: Routes = {}) {
  signIn()
  return fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/businesses': [fixtures.business()],
    'GET /api/overview': overview(cafeCounts),
    'GET /api/review-sessions': sessionsEndpoint(sessions),
    'GET /api/analytics/range': answerRange({ businessId: 7 }),
    ...overrides,
  })
}

describe('/dashboard overview', () => {
  // jsdom has no IntersectionObserver, so the lower cards render at once: the period card's chunk (antd's date
  // picker) is loaded up front, so the first test to draw it does not pay for its loading.
  beforeAll(() => import('#components/analytics/range-card'), 30_000)

  it('shows three placeholder cards while the businesses load', async () => {
    api({ 'GET /api/businesses': () => new Promise(() => {}) })
    renderDashboard()
    const placeholders = await screen.findByRole('status', { name: 'Loading your dashboard' })
    expect(placeholders.querySelectorAll('.ant-card')).toHaveLength(3)
    expect(placeholders.querySelectorAll('.ant-skeleton')).toHaveLength(3)
  })

  it("opens on 'Let's get started!' with the business search form when there are no businesses", async () => {
    const { calls } = api({ 'GET /api/businesses': [] })
    renderDashboard()
    // The onboarding form is its own lazy chunk, which can take over a second to load on a busy machine.
    expect(await screen.findByRole('heading', { name: "Let's get started!" })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Search/ })).toBeDisabled()
    expect(calls.some((call) => call.path === '/api/review-sessions' || call.path === '/api/overview')).toBe(false)
  })

  it("says 'Failed to fetch businesses' with a way to try again when the list cannot load", async () => {
    api({ 'GET /api/businesses': { status: 503, body: { error: 'Service unavailable', message: 'Service unavailable' } } })
    renderDashboard()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch businesses')
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it("shows the welcome banner, the Add Business link and the four cards from the business's overview numbers", async () => {
    const { calls } = api()
    renderDashboard()

    expect(await screen.findByRole('heading', { name: 'Welcome back, Asha!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Add Business/ })).toHaveAttribute('href', '/dashboard/businesses?add=1')

    const business = screen.getByLabelText('Business')
    expect(within(business).getByText('Chai Point Cafe')).toBeInTheDocument()
    expect(within(business).getByText('MG Road, Bengaluru')).toBeInTheDocument()
    expect(await within(await findStatCard('Ratings')).findByText('7')).toBeInTheDocument()
    expect(within(statCard('Ratings')).getByText('Through your links and QR codes')).toBeInTheDocument()
    const comparison = screen.getByLabelText('Rating Comparison')
    expect(within(comparison).getByText('3.6')).toBeInTheDocument()
    expect(within(comparison).getByText('Average rating')).toBeInTheDocument()
    expect(within(comparison).getByText('4.2')).toBeInTheDocument()
    // docs/decisions.md D38: every rating of 3 or below, as the inbox counts them, and how many carry a comment.
    const privateFeedback = statCard('Private ratings')
    expect(within(privateFeedback).getByText('3')).toBeInTheDocument()
    expect(within(privateFeedback).getByText('Rated 3 or below, 2 with a comment')).toBeInTheDocument()

    // One call for the numbers, one for the five newest sessions: no list is fetched only to count it.
    expect(calls.filter((call) => call.path === '/api/overview')).toHaveLength(1)
    const lists = calls.filter((call) => call.path === '/api/review-sessions').map((call) => call.url.searchParams)
    expect(lists).toHaveLength(1)
    expect(Object.fromEntries(lists[0])).toMatchObject({ businessId: '7', _start: '0', _end: '5' })
  })

  it('notes when the Google rating is higher than the average here, with what to do and no alarm, and not otherwise', async () => {
    api()
    const { unmount } = renderDashboard()
    const comparison = await screen.findByLabelText('Rating Comparison')
    const note = await within(comparison).findByText(/Your Google rating is higher/)
    expect(note).toHaveTextContent(
      'Your Google rating is higher: customers who rate you 1-3 often tell you here first. Their comments show what to fix.'
    )
    // Neutral grey, not the orange of a warning.
    expect(note).toHaveClass('ant-typography-secondary')
    expect(note).not.toHaveClass('ant-typography-warning')
    unmount()

    api({ 'GET /api/businesses': [fixtures.business({ rating: 3.2 })] })
    renderDashboard()
    const lower = await screen.findByLabelText('Rating Comparison')
    expect(await within(lower).findByText('3.6')).toBeInTheDocument()
    expect(within(lower).queryByText(/Your Google rating is higher/)).not.toBeInTheDocument()
  })

  it('lists the 5 newest ratings with their badges, newest first', async () => {
    api()
    renderDashboard()
    const activity = await screen.findByText('Recent ratings')
    const card = activity.closest('.ant-card') as HTMLElement
    await within(card).findByText('“Waited 20 minutes for tea”')
    const items = card.querySelectorAll('.recent-activity > li')
    expect(items).toHaveLength(5)
    expect(
      [...items].map((item) =>
        within(item as HTMLElement)
          .getByLabelText(/stars/)
          .getAttribute('aria-label')
      )
    ).toEqual(['5 stars', '4 stars', '2 stars', '5 stars', '3 stars'])
    expect(within(items[0] as HTMLElement).getByText('Sent to Google')).toBeInTheDocument()
    expect(within(items[2] as HTMLElement).getByText('Private rating')).toBeInTheDocument()
    expect(within(items[0] as HTMLElement).getByText('1 hour ago')).toBeInTheDocument()
    expect(within(card).queryByText('“Rude staff”')).not.toBeInTheDocument()
  })

  it('says so when there are no ratings yet, and the projections ask for the daily customers instead of making figures up', async () => {
    api({ 'GET /api/overview': overview(NO_SESSIONS), 'GET /api/review-sessions': sessionsEndpoint([]) })
    renderDashboard()
    expect(await screen.findByText(/No ratings yet/)).toBeInTheDocument()
    expect(within(statCard('Ratings')).getByText('0')).toBeInTheDocument()
    expect(await screen.findByText(/Enter how many customers you serve on a typical day/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Google reviews in 1 month/ })).not.toBeInTheDocument()
    expect(within(screen.getByLabelText('Rating Comparison')).getByText('—')).toBeInTheDocument()
    expect(within(screen.getByLabelText('Rating Comparison')).queryByText(/Google rating is higher/)).not.toBeInTheDocument()
  })

  it('shows the unanswered Google reviews with the response rate and a link to them, for a workspace with a Google connection', async () => {
    api({
      'GET /api/overview': {
        ...overview(cafeCounts),
        googleReviews: { total: 10, unanswered: 4, unansweredNegative: 1, responseRate: 0.6 },
      } satisfies OverviewResponse,
    })
    renderDashboard()
    expect(await within(await findStatCard('Ratings')).findByText('7')).toBeInTheDocument()
    const card = statCard('Unanswered Google reviews')
    expect(within(card).getByText('4')).toBeInTheDocument()
    expect(within(card).getByText('1 with 1-3 stars · Response rate 60%')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Reply to reviews' })).toHaveAttribute('href', '/feedbacks?source=google&replied=false')
  })

  it('has no Google reviews card without a Google connection', async () => {
    api()
    renderDashboard()
    expect(await within(await findStatCard('Ratings')).findByText('7')).toBeInTheDocument()
    expect(screen.queryByLabelText('Unanswered Google reviews', { selector: '.ant-card' })).not.toBeInTheDocument()
  })

  it("shows the server's sentence when the numbers cannot be loaded", async () => {
    api({ 'GET /api/overview': { status: 503, body: { error: 'Analytics are unavailable right now', message: 'x' } } })
    renderDashboard()
    expect(await screen.findByText('Analytics are unavailable right now')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('copies the review and Google links from the quick actions with their toasts', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    api()
    renderDashboard()

    await userEvent.click(await screen.findByRole('button', { name: /Copy Review Link/ }))
    expect(writeText).toHaveBeenCalledWith('https://reviews.example.in/review/chai123')
    expect(await screen.findByText('Review Link Copied!')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Copy Google Review Link/ }))
    expect(writeText).toHaveBeenLastCalledWith('https://search.google.com/local/writereview?placeid=demo-cafe')
    expect(await screen.findByText('Google Review Link Copied!')).toBeInTheDocument()
  })

  it("shows 'Failed to copy' when the browser refuses the clipboard", async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } })
    api()
    renderDashboard()
    await userEvent.click(await screen.findByRole('button', { name: /Copy Review Link/ }))
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument()
    expect(screen.getByText('Please copy the link manually.')).toBeInTheDocument()
  })

  it('links View Feedback to /feedbacks and asking a customer to the quick send; no WhatsApp without a recipient', async () => {
    const open = vi.fn()
    vi.stubGlobal('open', open)
    api()
    renderDashboard()
    expect((await screen.findByRole('button', { name: /View Feedback/ })).closest('a')).toHaveAttribute('href', '/feedbacks')
    expect(screen.getByRole('button', { name: /Ask for a review/ }).closest('a')).toHaveAttribute('href', '/dashboard/send')
    expect(screen.queryByRole('button', { name: /Share on WhatsApp/ })).not.toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
  })

  it('shares the plain review link through the phone’s share sheet for groups', async () => {
    const share = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, share })
    api()
    renderDashboard()
    await userEvent.click(await screen.findByRole('button', { name: /Share the link/ }))
    expect(share).toHaveBeenCalledWith({
      title: 'Chai Point Cafe',
      text: expect.stringContaining('Chai Point Cafe'),
      url: 'https://reviews.example.in/review/chai123',
    })
  })

  it('downloads the plain QR from the quick actions as {name lowercased, non-alphanumerics as _}_qr_code.png', async () => {
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    api()
    renderDashboard()
    await userEvent.click(await screen.findByRole('button', { name: /Download QR code only/ }))
    expect(await screen.findByText('QR Code Downloaded!')).toBeInTheDocument()
    expect(names).toEqual(['chai_point_cafe_qr_code.png'])
  })

  it('loads the QR and projection cards only when they scroll into view', async () => {
    const { reveal } = stubIntersectionObserver()
    api()
    renderDashboard()
    expect(await screen.findByText('Review Projections')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Review link' })).not.toBeInTheDocument()
    expect(screen.queryByText('Daily customers')).not.toBeInTheDocument()
    reveal()
    expect(await screen.findByRole('textbox', { name: 'Review link' })).toBeInTheDocument()
    expect(await screen.findByText('Daily customers')).toBeInTheDocument()
  })

  it('shows the QR Code and Link card and the Review Projections card for the business', async () => {
    api()
    renderDashboard()
    expect(await screen.findByAltText('QR code for Chai Point Cafe')).toHaveAttribute('src', 'data:image/png;base64,QR')
    expect(screen.getByRole('textbox', { name: 'Review link' })).toHaveValue('https://reviews.example.in/review/chai123')
    expect(screen.getByText('Review Projections')).toBeInTheDocument()
    expect(screen.getByLabelText('New reviews a week')).toHaveTextContent('35')
    // The café's own 4 ratings that went to Google are too few to project from (docs/decisions.md D37).
    expect(screen.getByText(/until you have 10 ratings that went to Google in 90 days \(4 so far\)\.$/)).toBeInTheDocument()
  })
})
