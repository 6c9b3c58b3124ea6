import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PlanDto } from '@reviewroute/backend/types/api'
import { App } from '#site/app'
import AboutPage from '#site/pages/about'
import HelpPage from '#site/pages/help'
import LogoDownloadPage from '#site/pages/logo-download'
import PrivacyPage from '#site/pages/privacy'
import RefundPage from '#site/pages/refund'
import TermsPage from '#site/pages/terms'
import { mockFetch, NEVER, renderAt } from './helpers'

const plan = (id: number, name: string, planType: PlanDto['planType'], totalPrice: number, durationMonths: number): PlanDto => ({
  id,
  name,
  planType,
  totalPrice,
  currency: 'INR',
  durationMonths,
  pricePerMonth: durationMonths ? Math.round(totalPrice / durationMonths) : 0,
  features: [],
  tag: null,
  savings: null,
})

const PLANS = [
  plan(1, 'Free Trial', 'trial', 0, 0),
  plan(2, 'Monthly Pro Plan', 'monthly', 49_900, 1),
  plan(3, '6 Months Pro Plan', '6-month', 249_900, 6),
  plan(4, '12 Months Pro Plan', '12-month', 449_900, 12),
]

const h1 = () => screen.getByRole('heading', { level: 1 })
const text = () => document.querySelector('main')!.textContent!.replace(/\s+/g, ' ')

// The plan list; the footer's health check stays pending (it is not under test).
beforeEach(() => {
  mockFetch({ 'GET /api/billing/subscription-plans': () => ({ body: PLANS }) }, NEVER)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('refund policy', () => {
  it('states the refund windows and how long refunds take', () => {
    renderAt('/cancellation-refund', <RefundPage />)

    expect(h1()).toHaveTextContent('Cancellation & Refund Policy')
    expect(text()).toContain('full refund if you ask within 48 hours of your first payment')
    expect(text()).toContain('Annual (12-month) plans: a pro-rated refund for the unused part of the plan if you ask within 30 days')
    expect(text()).toContain('6-month plans: a pro-rated refund for the unused part of the plan if you ask within 14 days')
    expect(text()).toContain('Monthly plans: no refund after the first 48 hours')

    const timing = screen.getByRole('table')
    expect(within(timing).getByRole('row', { name: /cards, net banking 5-7 business days/i })).toBeInTheDocument()
    expect(within(timing).getByRole('row', { name: /UPI and wallets 1-3 business days/i })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'support@reviewroute.in' })[0]).toHaveAttribute('href', 'mailto:support@reviewroute.in')
    expect(text()).toContain('your Pro access stays until the end of the period you paid for')
  })
})

describe('help center', () => {
  it('explains routing with both choices, the free plan and chat support', () => {
    renderAt('/help', <HelpPage />)

    expect(h1()).toHaveTextContent('Help Center')
    expect(text()).toContain('Free accounts get 1 business and 50 reviews per business per month')
    expect(text()).toContain('4 or 5 stars, with either choice: the customer is taken straight to Google')
    expect(text()).toContain('1, 2 or 3 stars with “By rating”: the customer sees a private feedback form')
    expect(text()).toContain('1, 2 or 3 stars with “Everyone may post on Google”: the same private feedback form')
    expect(text()).toContain('“Post on Google instead”')
    expect(text()).toContain('Pro subscribers get priority chat support on WhatsApp')
    expect(screen.getByRole('link', { name: 'chat with us' })).toHaveAttribute('href', expect.stringContaining('https://wa.me/'))
    expect(screen.getByRole('heading', { name: 'Customer page in nine languages' })).toBeInTheDocument()
    expect(screen.getByText('Saturday')).toBeInTheDocument()
    for (const id of [
      'getting-started',
      'qr-poster',
      'routing',
      'compliance-mode',
      'free-plan',
      'trial',
      'billing',
      'languages',
      'chat-support',
    ]) {
      expect(document.getElementById(id)).not.toBeNull()
    }
  })
})

describe('terms of service', () => {
  it('says the trial does not convert by itself and lists the prices from the API', async () => {
    renderAt('/terms', <TermsPage />)

    expect(h1()).toHaveTextContent('Terms of Service')
    expect(text()).toContain('The trial does not convert to a paid plan by itself')
    expect(text()).toContain('Plans do not renew automatically')
    expect(text()).toContain('we do not promise any particular uptime')
    expect(text()).not.toMatch(/99\.9/)
    expect(screen.getByRole('link', { name: 'Cancellation & Refund Policy' })).toHaveAttribute('href', '/cancellation-refund')

    const prices = await screen.findByRole('table')
    const rows = within(prices)
      .getAllByRole('row')
      .map((row) => row.textContent!.replace(/\s+/g, ' ').trim())
    expect(rows).toEqual(['PlanPrice incl. GSTPer month', 'Monthly₹499₹499', '6 Months₹2,499₹417', '12 Months₹4,499₹375'])
    expect(fetch).toHaveBeenCalledWith('/api/billing/subscription-plans', expect.anything())
  })
})

describe('privacy policy', () => {
  it('names what is collected, the hashed fingerprint and Razorpay', () => {
    renderAt('/privacy', <PrivacyPage />)

    expect(h1()).toHaveTextContent('Privacy Policy')
    expect(text()).toContain('We store the hash, not the IP address')
    expect(text()).toContain('Payments are processed by Razorpay')
    expect(text()).toContain('count how many times each review link is opened per day')
    expect(screen.getByRole('heading', { name: 'Your rights' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'How long we keep it' })).toBeInTheDocument()
  })
})

describe('about', () => {
  it('tells the mission without unverified figures', () => {
    renderAt('/about', <AboutPage />)

    expect(h1()).toHaveTextContent('About ReviewRoute')
    expect(text()).toContain('India’s small businesses')
    expect(text()).not.toMatch(/\d+%|\d,\d{3}\+|\d+\+ businesses/)
  })
})

describe('logo download', () => {
  it('draws the logo and downloads it as reviewroute-logo.png', async () => {
    const context = new Proxy({}, { get: () => () => undefined, set: () => true }) as CanvasRenderingContext2D
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never)
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob(['png'])))
    // jsdom has no object URLs: give URL the two functions for this test only.
    const createObjectURL = vi.fn(() => 'blob:logo')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      delete (URL as Partial<typeof URL>).createObjectURL
      delete (URL as Partial<typeof URL>).revokeObjectURL
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderAt('/logo-download', <LogoDownloadPage />)

    expect(h1()).toHaveTextContent('ReviewRoute logo')
    const canvas = screen.getByRole('img', { name: /ReviewRoute logo/ }) as HTMLCanvasElement
    expect([canvas.width, canvas.height]).toEqual([400, 400])

    await userEvent.click(screen.getByRole('button', { name: 'Download PNG' }))

    expect(createObjectURL).toHaveBeenCalledTimes(1)
    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined
    expect(clicked?.download).toBe('reviewroute-logo.png')
    expect(clicked?.href).toBe('blob:logo')
  })
})

describe('routes', () => {
  it.each([
    ['/contact-us', 'Contact Us'],
    ['/refund-policy', 'Cancellation & Refund Policy'],
  ])('%s opens the same page', async (path, title) => {
    renderAt(path, <App />)
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument()
  })
})

describe('404 page', () => {
  // docs/screens.md#site-404: the big "404" and a heading saying "404" again read as a stutter.
  it('says 404 once, with a heading and a way home', async () => {
    renderAt('/no-such-page', <App />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument()
    expect(text().match(/404/g)).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  })
})
