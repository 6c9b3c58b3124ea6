/*
 * The first paint (src/first-paint/, docs/decisions.md D40): the pieces the app's components render at build time,
 * how the early script fills them from the first screen's answers, when it draws nothing, and the hand-over to the
 * app. That the first paint and the app put each part in the same place is checked in Chromium (journey 13).
 */
import { render, screen, waitFor } from '@testing-library/react'
import type { OverviewResponse } from '@reviewroute/backend/types/api'
import { createElement } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissFirstPaint, FIRST_PAINT_CLASS, FIRST_PAINT_ID } from '#first-paint/dismiss'
import { firstScreenHtml, paintFirstScreen, PHONE_QUERY, type FirstScreenData } from '#first-paint/first-paint'
import { PIECES_ID, type FirstPaintPieces } from '#first-paint/pieces'
import { prerender } from '#first-paint/prerender'
import { AppRoutes } from '#app'
import { Overview } from '#components/dashboard/overview'
import { BusinessesProvider } from '#hooks/use-businesses'
import { dismissTrialBanner } from '#lib/trial-banner-dismissal'
import DashboardPage from '#pages/dashboard'
import { chromeApi } from '../chrome/chrome-helpers'
import { sessionsEndpoint } from '../dashboard/fake-sessions'
import { fakeApi, fixtures, renderScreen, signIn } from '../helpers'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
}))

const counts = {
  totalSessions: 1234,
  positiveSessions: 1000,
  negativeSessions: 9,
  redirectedSessions: 1000,
  averageRating: 4.1,
  filteredFeedback: 8,
}
const overview = (businessId = 7): OverviewResponse => ({
  totals: { ...counts, businesses: 1 },
  businesses: [{ businessId, ...counts, recentGoogleRatings: 0, recentGoogleAverage: null }],
})
/** What the early requests answer; the remembered business is the browser's own. */
const answered = (): Omit<FirstScreenData, 'remembered'> => ({
  user: fixtures.user,
  trial: fixtures.trialStatus({ trialDaysRemaining: 5 }),
  businesses: [fixtures.business({ id: 7 })],
  overview: overview(),
})
const data = (overrides: Partial<FirstScreenData> = {}): FirstScreenData => ({ ...answered(), remembered: null, ...overrides })

let pieces: FirstPaintPieces
let css: string
beforeAll(() => {
  ;({ pieces, css } = prerender())
}, 30_000)

/** The first paint's HTML as a document fragment, read as a person would. */
function drawn(html: string | null) {
  expect(html).not.toBeNull()
  const host = document.createElement('div')
  host.innerHTML = html!
  return host
}
/** The texts inside the first element matching `selector`, one space between elements' texts (null: none). */
function text(host: HTMLElement, selector: string) {
  const element = host.querySelector(selector)
  if (!element) return null
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  const parts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim()) parts.push(node.textContent.trim())
  return parts.join(' ')
}

describe('the pieces, rendered at build time from the app’s components', () => {
  it('hold a place for every piece and every text, and carry the styles of what they show', () => {
    for (const piece of ['leading', 'avatar', 'banners', 'welcome', 'cards']) expect(pieces.shell).toContain(`__PIECE_${piece}__`)
    expect(pieces.shell).toContain('class="bottom-nav"')
    expect(pieces.cards).toContain('aria-label="Ratings"')
    expect(pieces.cards).not.toContain('__SLOT_note__')
    expect(pieces.cardsWithNote).toContain('__SLOT_note__')
    expect(Object.keys(pieces.trial)).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(pieces.trial['1']).toContain('Last day of your free trial')
    expect(pieces.initials).not.toContain('opacity:0')
    expect(css).toContain('.ant-card')
    expect(css).toContain('.ant-alert')
  })
})

describe('firstScreenHtml', () => {
  it('draws the overview with the owner’s words and numbers, as the app words them', () => {
    const host = drawn(firstScreenHtml(pieces, data()))
    expect(text(host, '.app-greeting')).toBe('Hi, Asha!')
    expect(text(host, '.ant-avatar')).toBe('AV')
    expect(text(host, '.dashboard-welcome h3')).toBe('Welcome back, Asha!')
    expect(text(host, '.dashboard-welcome .ant-typography:not(h3)')).toBe(
      'Here is how Chai Point Cafe is doing. Share your review link to collect more ratings.'
    )
    expect(text(host, '[aria-label="Business"]')).toBe('Business Chai Point Cafe MG Road, Bengaluru')
    expect(text(host, '[aria-label="Ratings"]')).toBe('Ratings 1,234 Through your links and QR codes')
    expect(text(host, '[aria-label="Rating Comparison"]')).toBe(
      'Rating Comparison 4.1 Average rating 4.2 Google rating Your Google rating is higher: customers who rate you 1-3 often tell you here first. Their comments show what to fix.'
    )
    expect(text(host, '[aria-label="Private ratings"]')).toBe('Private ratings 9 Rated 3 or below, 8 with a comment')
    expect(text(host, '.trial-banner .ant-alert-message')).toBe('5 days left in your free trial')
    expect(host.querySelector('.verify-email-banner')).toBeNull()
    expect(host.querySelector('.business-selector')).toBeNull()
    expect(host.innerHTML).not.toMatch(/__(SLOT|PIECE)_/)
  })

  it('escapes the owner’s own words', () => {
    const host = drawn(
      firstScreenHtml(pieces, data({ businesses: [fixtures.business({ id: 7, name: '<img src=x onerror=alert(1)> & "Co"' })] }))
    )
    expect(host.querySelector('img')).toBeNull()
    expect(text(host, '[aria-label="Business"] strong')).toBe('<img src=x onerror=alert(1)> & "Co"')
  })

  it('escapes them inside attributes too (the picture’s address, the selector’s title)', () => {
    const user = { ...fixtures.user, profileImageUrl: 'https://example.in/a.png" onerror="alert(1)' }
    const businesses = [fixtures.business({ id: 7, name: 'Tea "&" Toast' }), fixtures.business({ id: 8 })]
    const host = drawn(firstScreenHtml(pieces, data({ user, businesses, remembered: 7 })))
    const image = host.querySelector('.ant-avatar img')!
    expect(image.getAttribute('src')).toBe('https://example.in/a.png" onerror="alert(1)')
    expect(image.hasAttribute('onerror')).toBe(false)
    expect(host.querySelector('.business-selector .ant-select-selection-item')?.getAttribute('title')).toBe('Tea "&" Toast')
  })

  it('with two businesses shows the selector on the remembered one, labelled as the app labels branches', () => {
    const businesses = [
      fixtures.business({ id: 8, name: 'Sri Krishna Sweets', address: 'Gandhipuram, Coimbatore' }),
      fixtures.business({ id: 7, name: 'Sri Krishna Sweets', address: 'RS Puram, Coimbatore' }),
    ]
    const host = drawn(firstScreenHtml(pieces, data({ businesses, remembered: 7 })))
    expect(text(host, '.business-selector .ant-select-selection-item')).toBe('Sri Krishna Sweets (RS Puram)')
    expect(host.querySelector('.app-greeting')).toBeNull()
    expect(text(host, '[aria-label="Business"]')).toBe('Business Sri Krishna Sweets RS Puram, Coimbatore')
  })

  it('picks the newest business when none is remembered, and shows the verify and urgent trial banners when due', () => {
    const user = {
      ...fixtures.user,
      emailVerified: false,
      createdAt: new Date().toISOString(),
      profileImageUrl: 'https://example.in/me.png',
    }
    const host = drawn(
      firstScreenHtml(
        pieces,
        data({
          user,
          trial: fixtures.trialStatus({ trialDaysRemaining: 1 }),
          businesses: [fixtures.business({ id: 9, name: 'Newest' }), fixtures.business({ id: 7 })],
          overview: overview(9),
        })
      )
    )
    expect(text(host, '.business-selector .ant-select-selection-item')).toBe('Newest')
    expect(text(host, '.verify-email-banner .ant-alert-description')).toContain('We sent a link to asha@example.in.')
    expect(text(host, '.trial-banner .ant-alert-message')).toBe('Last day of your free trial')
    expect(host.querySelector('.trial-banner.ant-alert-error')).not.toBeNull()
    expect(text(host, '.dashboard-welcome h3')).toBe('Welcome, Asha!')
    expect(host.querySelector('.ant-avatar img')?.getAttribute('src')).toBe('https://example.in/me.png')
  })

  it('leaves out the trial banner for a paying owner and the note when the internal average is not below Google', () => {
    const host = drawn(
      firstScreenHtml(
        pieces,
        data({
          trial: fixtures.trialStatus({ hasActivePaidSubscription: true, trialStatus: 'expired' }),
          businesses: [fixtures.business({ id: 7, rating: 3.9 })],
        })
      )
    )
    expect(host.querySelector('.trial-banner')).toBeNull()
    expect(text(host, '[aria-label="Rating Comparison"]')).toBe('Rating Comparison 4.1 Average rating 3.9 Google rating')
  })

  it('leaves out the trial banner the owner closed on this day of the trial, as the app does', () => {
    const trial = fixtures.trialStatus({ trialDaysRemaining: 5 })
    dismissTrialBanner(trial)
    expect(drawn(firstScreenHtml(pieces, data({ trial }))).querySelector('.trial-banner')).toBeNull()
    const nextDay = drawn(firstScreenHtml(pieces, data({ trial: fixtures.trialStatus({ trialDaysRemaining: 4 }) })))
    expect(text(nextDay, '.trial-banner .ant-alert-message')).toBe('4 days left in your free trial')
  })

  it.each([
    ['no owner', { user: null }],
    ['an operator', { user: { ...fixtures.user, role: 'operator' as const } }],
    ['no trial status', { trial: null }],
    [
      'a locked account (the app goes to /billing)',
      { trial: fixtures.trialStatus({ isLimited: true, trialStatus: 'expired', trialDaysRemaining: 0 }) },
    ],
    ['more trial days than the banner has', { trial: fixtures.trialStatus({ trialDaysRemaining: 12 }) }],
    ['no business (the app shows the search)', { businesses: [] }],
    ['a failed businesses answer', { businesses: null }],
    ['no overview', { overview: null }],
    ['no counts for the selected business', { overview: overview(99) }],
  ])('draws nothing for %s', (_, overrides) => {
    expect(firstScreenHtml(pieces, data(overrides as Partial<FirstScreenData>))).toBeNull()
  })
})

describe('paintFirstScreen', () => {
  let phone: boolean
  beforeEach(() => {
    phone = true
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY && phone,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }))
    history.replaceState(null, '', '/dashboard')
    document.documentElement.removeAttribute('data-app-drawn')
    document.body.innerHTML = `<script type="application/json" id="${PIECES_ID}">${JSON.stringify(pieces)}</script><div id="root"></div>`
  })
  afterEach(() => {
    dismissFirstPaint()
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
    history.replaceState(null, '', '/')
  })

  const answers = () => Promise.resolve(answered())

  it('draws the first screen above the app’s root, not interactive, and hides the root meanwhile', async () => {
    expect(await paintFirstScreen(answers())).toBe(true)
    const layer = document.getElementById(FIRST_PAINT_ID)!
    expect(layer.nextElementSibling?.id).toBe('root')
    expect(layer.hasAttribute('inert')).toBe(true)
    expect(layer.querySelector('[aria-label="Ratings"]')?.textContent).toContain('1,234')
    expect(document.documentElement.classList.contains(FIRST_PAINT_CLASS)).toBe(true)
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true)
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...')

    dismissFirstPaint()
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false)
    expect(document.documentElement.classList.contains(FIRST_PAINT_CLASS)).toBe(false)
  })

  it('draws the business this owner chose, also when another owner chose since on this device', async () => {
    localStorage.setItem('reviewroute.selectedBusiness', '21')
    localStorage.setItem(`reviewroute.selectedBusiness.${fixtures.user.id}`, '8')
    const businesses = [fixtures.business({ id: 7 }), fixtures.business({ id: 8, name: 'Dosa Corner' })]
    expect(await paintFirstScreen(Promise.resolve({ ...answered(), businesses, overview: overview(8) }))).toBe(true)
    expect(document.getElementById(FIRST_PAINT_ID)!.querySelector('[aria-label="Business"]')?.textContent).toContain('Dosa Corner')
  })

  it('covers the app’s loading screen, but draws nothing once the app has drawn its own screen', async () => {
    document.getElementById('root')!.innerHTML = '<div role="status">Loading your dashboard...</div>'
    expect(await paintFirstScreen(answers())).toBe(true)
    dismissFirstPaint()
    expect(await paintFirstScreen(answers())).toBe(false)
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
  })

  it('draws nothing on a wider screen, on another page, without pieces, or when the answers failed', async () => {
    phone = false
    expect(await paintFirstScreen(answers())).toBe(false)
    phone = true
    history.replaceState(null, '', '/feedbacks')
    expect(await paintFirstScreen(answers())).toBe(false)
    history.replaceState(null, '', '/dashboard')
    expect(await paintFirstScreen(Promise.reject(new Error('offline')))).toBe(false)
    document.getElementById(PIECES_ID)!.remove()
    expect(await paintFirstScreen(answers())).toBe(false)
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
    expect(document.documentElement.classList.contains(FIRST_PAINT_CLASS)).toBe(false)
  })
})

describe('the hand-over to the app', () => {
  afterEach(() => {
    dismissFirstPaint()
    vi.unstubAllGlobals()
  })

  function firstPaintShown() {
    document.documentElement.removeAttribute('data-app-drawn')
    const layer = document.createElement('div')
    layer.id = FIRST_PAINT_ID
    document.body.prepend(layer)
    document.documentElement.classList.add(FIRST_PAINT_CLASS)
  }

  it('the overview removes the first paint once it has its own figures and the owner, not before', async () => {
    signIn()
    let answerOverview!: () => void
    const overviewAnswered = new Promise<void>((resolve) => (answerOverview = resolve))
    let answerUser!: () => void
    const userAnswered = new Promise<void>((resolve) => (answerUser = resolve))
    fakeApi({
      'GET /api/auth/user': async () => {
        await userAnswered
        return fixtures.user
      },
      'GET /api/overview': async () => {
        await overviewAnswered
        return overview()
      },
      'GET /api/review-sessions': sessionsEndpoint([]),
    })
    firstPaintShown()
    renderScreen(createElement(Overview, { business: fixtures.business({ id: 7 }) }))
    expect(await screen.findByLabelText('Ratings', { selector: '.ant-card' })).toHaveClass('ant-card-loading')
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull()

    answerOverview()
    await waitFor(() => expect(screen.getByLabelText('Ratings', { selector: '.ant-card' })).toHaveTextContent('1,234'))
    // The welcome strip still says 'Welcome!' without the owner: the first paint, which has their name, stays.
    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument()
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull()

    answerUser()
    expect(await screen.findByRole('heading', { name: 'Welcome back, Asha!' })).toBeInTheDocument()
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
    expect(document.documentElement.classList.contains(FIRST_PAINT_CLASS)).toBe(false)
  })

  it('so does the dashboard page when it shows something else (an owner without a business gets the search)', async () => {
    signIn()
    fakeApi({ 'GET /api/auth/user': fixtures.user, 'GET /api/businesses': [], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    firstPaintShown()
    renderScreen(createElement(BusinessesProvider, null, createElement(DashboardPage)), { path: '/dashboard' })
    await waitFor(() => expect(document.getElementById(FIRST_PAINT_ID)).toBeNull())
  })

  it('and the app on any other address, but not on /dashboard before the overview has drawn', async () => {
    signIn()
    // The businesses still loading: the app has drawn its chrome and placeholders, which the first paint covers.
    chromeApi({ 'GET /api/businesses': () => new Promise(() => undefined) })
    firstPaintShown()
    const dashboard = renderScreen(createElement(AppRoutes), { path: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Hi, Asha!' })).toBeInTheDocument()
    expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0)
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull()
    dashboard.unmount()

    chromeApi()
    renderScreen(createElement(AppRoutes), { path: '/feedbacks' })
    await waitFor(() => expect(document.getElementById(FIRST_PAINT_ID)).toBeNull())
  })

  it('the error screen removes it too', async () => {
    firstPaintShown()
    const { AppErrorBoundary } = await import('#components/error-screen')
    const Broken = () => {
      throw new Error('broken')
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(createElement(AppErrorBoundary, null, createElement(Broken)))
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument()
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull()
  })
})
