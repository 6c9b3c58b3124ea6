import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BusinessDto, GeoDto, PlaceDto, SearchBusinessResponse, SelectBusinessResponse } from '@reviewroute/backend/types/api'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import AddBusinessPage from '#site/pages/add-business'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import { resetCityForTests } from '@reviewroute/web-shared/search'
import { GOOGLE_POLICY_URL } from '@reviewroute/web-shared/routing'
import { mockFetch, renderAt, USER } from './helpers'

const PLACE: PlaceDto = {
  place_id: 'demo_chai-point',
  name: 'Chai Point',
  address: 'Koramangala, Bengaluru',
  rating: 4.3,
  reviewCount: 1234,
}
const BUSINESS: BusinessDto = {
  id: 9,
  placeId: PLACE.place_id,
  name: 'Chai Point',
  address: 'Koramangala, Bengaluru',
  rating: 4.3,
  reviewCount: 1234,
  shortUrl: 'k7m2p9x',
  // APP_URL's address, which the site shows, not the test page's.
  reviewUrl: 'https://reviews.example.in/review/k7m2p9x',
  googleReviewUrl: 'https://search.google.com/local/writereview?placeid=demo_chai-point',
  complianceMode: false,
  language: null,
  createdAt: '2026-11-22T10:00:00.000Z',
}

const routes = (select: () => { status?: number; body?: unknown }) => ({
  'GET /api/geo': () => ({ body: { city: 'Bengaluru', country: 'IN' } satisfies GeoDto }),
  'GET /api/health': () => ({ body: { status: 'ok' } }),
  'GET /api/auth/user': () => ({ body: USER }),
  'POST /api/search-business': () => ({ body: { places: [PLACE], source: 'demo' } satisfies SearchBusinessResponse }),
  'POST /api/select-business': select,
})

async function searchAndPick() {
  await userEvent.type(screen.getByLabelText('Business name'), 'chai')
  await userEvent.click(await screen.findByRole('button', { name: /Chai Point/ }))
}

describe('/add-business', () => {
  beforeEach(() => {
    localStorage.clear()
    resetCityForTests()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('a visitor sees a preview and a sign-up link that keeps the chosen place', async () => {
    const { calls } = mockFetch(routes(() => ({ status: 500 })))
    renderAt('/add-business', <AddBusinessPage />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Boost your Google rating/)
    await searchAndPick()
    expect(await screen.findByRole('heading', { name: 'Chai Point' })).toBeInTheDocument()
    expect(screen.getByText('(1,234 Google reviews)')).toBeInTheDocument()
    expect(screen.getByLabelText('Google review link')).toHaveValue(BUSINESS.googleReviewUrl)
    expect(screen.getByRole('link', { name: 'Sign up and add this business' })).toHaveAttribute(
      'href',
      `/auth?mode=signup&redirect=${encodeURIComponent('/add-business?placeId=demo_chai-point')}`
    )
    expect(screen.getByText('Business Found!')).toBeInTheDocument()
    expect(calls.some((call) => call.url === '/api/select-business')).toBe(false)
    expect(calls.find((call) => call.url === '/api/search-business')?.body).toEqual({ query: 'chai', location: 'Bengaluru' })
  })

  it('an owner adds the business and gets the short review link', async () => {
    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    const { calls } = mockFetch(
      routes(() => ({ status: 201, body: { business: BUSINESS, created: true } satisfies SelectBusinessResponse }))
    )
    renderAt('/add-business', <AddBusinessPage />)
    expect(await screen.findByRole('heading', { name: 'Add Your First Business' })).toBeInTheDocument()
    await searchAndPick()
    expect(await screen.findByLabelText('Review link')).toHaveValue('https://reviews.example.in/review/k7m2p9x')
    const select = calls.find((call) => call.url === '/api/select-business')!
    expect(select.body).toEqual({ placeId: 'demo_chai-point', complianceMode: false })
    expect(select.headers.Authorization).toBe('Bearer rr_MQ.a-real-looking-token-value-123')
  })

  it('a business-limit answer shows the limit notice with Upgrade to Pro', async () => {
    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    mockFetch(routes(() => ({ status: 403, body: { error: "You've reached your business limit (1).", upgrade: true } })))
    renderAt('/add-business', <AddBusinessPage />)
    await searchAndPick()
    expect(await screen.findByText(BUSINESS_LIMIT_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/billing')
  })

  // A sentence naming the limit without `upgrade: true` is not a limit: the server's flag decides.
  it.each([
    ['a server error', 500, 'Something went wrong on our side.'],
    ['a 403 without the upgrade flag', 403, "You've reached your business limit (1)."],
  ])('%s shows the Selection Error toast and stays on the search', async (_label, status, error) => {
    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    mockFetch(routes(() => ({ status, body: { error } })))
    renderAt('/add-business', <AddBusinessPage />)
    await searchAndPick()
    expect(await screen.findByText('Selection Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to load business details. Please try again.')).toBeInTheDocument()
    expect(screen.queryByText(BUSINESS_LIMIT_MESSAGE)).not.toBeInTheDocument()
  })

  it('back from sign-up with ?placeId, the place is added without searching again', async () => {
    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    const { calls } = mockFetch(
      routes(() => ({ status: 201, body: { business: BUSINESS, created: true } satisfies SelectBusinessResponse }))
    )
    renderAt('/add-business?placeId=demo_chai-point', <AddBusinessPage />)
    expect(await screen.findByLabelText('Review link')).toHaveValue('https://reviews.example.in/review/k7m2p9x')
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/select-business')).toHaveLength(1))
    expect(calls.some((call) => call.url === '/api/search-business')).toBe(false)
  })

  it('asks how customers are asked, "By rating" preselected, and adds the business as chosen (docs/decisions.md D51)', async () => {
    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    const { calls } = mockFetch(
      routes(() => ({ status: 201, body: { business: BUSINESS, created: true } satisfies SelectBusinessResponse }))
    )
    renderAt('/add-business', <AddBusinessPage />)
    const group = await screen.findByRole('group', { name: 'How should customers be asked?' })
    expect(within(group).getByRole('radio', { name: /^By rating/ })).toBeChecked()
    expect(within(group).getByRole('link', { name: 'Read Google’s policy' })).toHaveAttribute('href', GOOGLE_POLICY_URL)

    await userEvent.click(within(group).getByRole('radio', { name: /^Everyone may post on Google/ }))
    await searchAndPick()

    await waitFor(() => expect(calls.filter((call) => call.url === '/api/select-business')).toHaveLength(1))
    expect(calls.find((call) => call.url === '/api/select-business')?.body).toEqual({ placeId: 'demo_chai-point', complianceMode: true })
  })

  // Under the search, the question came after picking a listing had already added the business.
  it('asks how customers are asked before the search field, so it is answered before a listing is picked', async () => {
    mockFetch(routes(() => ({ status: 500 })))
    renderAt('/add-business', <AddBusinessPage />)
    const group = await screen.findByRole('group', { name: 'How should customers be asked?' })
    expect(group.compareDocumentPosition(screen.getByLabelText('Business name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it("a visitor's choice rides along the sign-up link and is used when the place is added", async () => {
    mockFetch(routes(() => ({ status: 500 })))
    renderAt('/add-business', <AddBusinessPage />)
    await userEvent.click(screen.getByRole('radio', { name: /^Everyone may post on Google/ }))
    await searchAndPick()
    expect(await screen.findByRole('link', { name: 'Sign up and add this business' })).toHaveAttribute(
      'href',
      `/auth?mode=signup&redirect=${encodeURIComponent('/add-business?placeId=demo_chai-point&complianceMode=true')}`
    )

    localStorage.setItem(TOKEN_KEY, 'rr_MQ.a-real-looking-token-value-123')
    const { calls } = mockFetch(
      routes(() => ({ status: 201, body: { business: BUSINESS, created: true } satisfies SelectBusinessResponse }))
    )
    renderAt('/add-business?placeId=demo_chai-point&complianceMode=true', <AddBusinessPage />)
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/select-business')).toHaveLength(1))
    expect(calls.find((call) => call.url === '/api/select-business')?.body).toEqual({ placeId: 'demo_chai-point', complianceMode: true })
  })
})
