import { act, screen, within } from '@testing-library/react'
import type { PlanDto } from '@reviewroute/backend/types/api'
import { SIGN_IN_URL, SIGN_UP_URL } from '@reviewroute/web-shared/constants'
import IndianPage from '#site/pages/indian'
import IndianRedesignedPage from '#site/pages/indian-redesigned'
import CampaignPage from '#site/pages/campaign'
import GrowPage from '#site/pages/grow'
import RootPage from '#site/pages/root'
import { mockFetch, renderAt } from './helpers'

const PLANS: PlanDto[] = [
  {
    id: 2,
    name: 'Monthly Pro Plan',
    planType: 'monthly',
    totalPrice: 49900,
    currency: 'INR',
    durationMonths: 1,
    pricePerMonth: 49900,
    features: ['Unlimited businesses'],
    tag: 'Most Popular',
    savings: null,
  },
  {
    id: 4,
    name: '12 Months Pro Plan',
    planType: '12-month',
    totalPrice: 449900,
    currency: 'INR',
    durationMonths: 12,
    pricePerMonth: 37492,
    features: ['Unlimited businesses'],
    tag: 'Best Value',
    savings: null,
  },
]

let fetchMock: ReturnType<typeof mockFetch>['fetchMock']

// The plans for the pricing section; anything else (the footer's health check) answers ok.
beforeEach(() => {
  fetchMock = mockFetch({ 'GET /api/billing/subscription-plans': () => ({ body: PLANS }) }, () => ({ body: { status: 'ok' } })).fetchMock
})
afterEach(() => vi.unstubAllGlobals())

/** docs/decisions.md D14: whatever the label, sign-up links go to SIGN_UP_URL and Sign In to SIGN_IN_URL. */
function expectAuthLinks() {
  const signUps = screen.getAllByRole('link', { name: /free trial|get started|sign up/i })
  expect(signUps.length).toBeGreaterThanOrEqual(3)
  for (const link of signUps) expect(link).toHaveAttribute('href', SIGN_UP_URL)
  const signIns = screen.getAllByRole('link', { name: 'Sign In' })
  expect(signIns.length).toBeGreaterThanOrEqual(2)
  for (const link of signIns) expect(link).toHaveAttribute('href', SIGN_IN_URL)
}

/** docs/decisions.md D12: no "2,400+ businesses", "300%" or other unverified figures. */
function expectNoUnverifiedFigures() {
  const text = document.body.textContent ?? ''
  expect(text).not.toMatch(/\d[\d,]*\s*\+/)
  expect(text).not.toMatch(/\d\s*%/)
}

async function expectPricingFromApi() {
  const pricing = document.getElementById('pricing')!
  expect(await within(pricing).findByRole('heading', { name: 'Monthly' })).toBeInTheDocument()
  expect(within(pricing).getByRole('heading', { name: '12 Months' })).toBeInTheDocument()
  // docs/decisions.md D33: every price says it includes GST.
  for (const price of pricing.querySelectorAll('.plan__price')) expect(price).toHaveTextContent(/incl\. GST$/)
  expect(pricing.querySelectorAll('.plan__price')).toHaveLength(2)
  expect(fetchMock).toHaveBeenCalledWith('/api/billing/subscription-plans', expect.anything())
}

/** Each header anchor points at a section that exists on the page. */
function expectAnchors(labels: string[]) {
  const nav = screen.getByRole('navigation', { name: 'Page sections' })
  const links = within(nav).getAllByRole('link')
  expect(links.map((link) => link.textContent)).toEqual(labels)
  for (const link of links) expect(document.querySelector(link.getAttribute('href')!)).not.toBeNull()
}

const h2 = (name: string | RegExp) => screen.getByRole('heading', { level: 2, name })

describe('/indian', () => {
  test('shows hero, how it works, features, testimonials, pricing, FAQ and the closing call to action', async () => {
    renderAt('/indian', <IndianPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Turn every happy customer into a Google review' })).toBeInTheDocument()
    expectAnchors(['Features', 'Pricing', 'Testimonials'])
    expect(h2('Up and running in three steps')).toBeInTheDocument()
    expect(within(document.getElementById('how-it-works')!).getAllByRole('listitem')).toHaveLength(3)
    expect(within(document.getElementById('features')!).getAllByRole('heading', { level: 3 })).toHaveLength(6)
    expect(screen.getAllByRole('button', { name: /Show testimonial/ })).toHaveLength(4)
    expect(document.querySelectorAll('#faq details')).toHaveLength(4)
    expect(h2('Let your happy customers speak for you')).toBeInTheDocument()
    expectAuthLinks()
    await expectPricingFromApi()
    expectNoUnverifiedFigures()
  })
})

describe('/indian-redesigned', () => {
  test('is a full landing page: hero, problem and solution, steps, features, testimonials, pricing, FAQ, CTA', async () => {
    renderAt('/indian-redesigned', <IndianRedesignedPage />)
    expect(screen.getByRole('heading', { level: 1, name: /Your customers love you\. Let Google hear it\./ })).toBeInTheDocument()
    for (const title of [
      'Your Google rating should match how customers really feel',
      'From Google Maps to your counter in three steps',
      'Built for the way Indian businesses work',
      'Owners like you, in their own words',
      'Questions owners ask us',
    ]) {
      expect(h2(title)).toBeInTheDocument()
    }
    expect(within(document.getElementById('features')!).getAllByRole('heading', { level: 3 })).toHaveLength(6)
    expectAuthLinks()
    await expectPricingFromApi()
    expectNoUnverifiedFigures()
  })

  test('is what / shows to a visitor without a stored token', async () => {
    renderAt('/', <RootPage />)
    expect(await screen.findByRole('heading', { level: 1, name: /Let Google hear it/ })).toBeInTheDocument()
  })
})

describe('/boost, /start, /lp', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('shows the 72-hour countdown, three steps, four testimonials and sign-up buttons, with no business count', async () => {
    renderAt('/boost', <CampaignPage />)
    expect(screen.getByRole('timer')).toHaveTextContent('72:00:00')
    expect(screen.getByRole('heading', { level: 1, name: 'More Google reviews for your business, starting this week' })).toBeInTheDocument()
    expect(h2('Three steps to your first new review')).toBeInTheDocument()
    expect(within(document.getElementById('how-it-works')!).getAllByRole('listitem')).toHaveLength(3)
    expect(within(document.getElementById('testimonials')!).getAllByRole('figure')).toHaveLength(4)
    expectAuthLinks()
    expect(document.body.textContent).not.toMatch(/2,?400/)
    expectNoUnverifiedFigures()
    // Let the footer's status check settle inside the test.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  })
})

describe('/grow', () => {
  test('shows the 10X hero with its badges, steps, features, reviews carousel, pricing, FAQ and CTA', async () => {
    renderAt('/grow', <GrowPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Get 10X More 5-Star Google Reviews' })).toBeInTheDocument()
    expectAnchors(['Features', 'Pricing', 'Reviews'])
    const badges = screen.getByRole('list', { name: 'At a glance' })
    expect(badges).toHaveTextContent('7 DaysFree Trial')
    expect(badges).toHaveTextContent('5 MinSetup')
    expect(badges).toHaveTextContent('24/7')
    expect(h2('How It Works')).toBeInTheDocument()
    expect(within(document.getElementById('features')!).getAllByRole('heading', { level: 3 })).toHaveLength(6)
    expect(within(document.getElementById('reviews')!).getAllByRole('button', { name: /Show testimonial/ })).toHaveLength(4)
    expect(document.querySelectorAll('#faq details')).toHaveLength(4)
    expect(h2('Your next 5-star review is one scan away')).toBeInTheDocument()
    expectAuthLinks()
    await expectPricingFromApi()
    expectNoUnverifiedFigures()
  })
})
