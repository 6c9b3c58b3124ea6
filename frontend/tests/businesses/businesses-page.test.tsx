import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BUSINESS_LIMIT_MESSAGE } from '@reviewroute/backend/contract/product_rules'
import { fakeApi, fixtures, signIn } from '../helpers'
import { cafe, renderBusinesses } from './render'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
  // jsdom has no canvas; the poster is the QR card's business, not this screen's.
  drawPoster: vi.fn(async () => ({ toDataURL: () => 'data:image/png;base64,POSTER' })),
}))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const POSTER_HINT =
  'Poster: a 600×750 PNG image with your business name and the QR code, for sharing. To print, Print A4 or Print A5 gives a sharp PDF with your link printed under the code.'
const QR_ONLY_HINT = 'Just the QR code, a 400×400 PNG image, for your own designs.'

const expiredTrial = fixtures.trialStatus({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true })

describe('My Businesses grid', () => {
  it('shows each business with its name, address, rating, age, review count, short URL and actions', async () => {
    signIn()
    fakeApi({
      'GET /api/businesses': [
        cafe(),
        fixtures.business({ id: 8, name: 'Sharma Sweets', address: 'Karol Bagh, Delhi', rating: null, reviewCount: 1, shortUrl: 'sweets' }),
      ],
      'GET /api/billing/trial-status': fixtures.trialStatus(),
    })
    renderBusinesses()

    const card = await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(within(card).getByText('MG Road, Bengaluru')).toBeInTheDocument()
    expect(within(card).getByLabelText('Google rating 4.2')).toHaveTextContent('4.2')
    expect(within(card).getByText(/Added 3 days ago/)).toBeInTheDocument()
    // docs/screens.md#business-grid: the count is the listing's on Google, not ratings collected here.
    expect(within(card).getByText(/120 reviews on Google/)).toBeInTheDocument()
    expect(within(card).getByTestId('short-url')).toHaveTextContent('reviews.example.in/review/chai123')
    for (const name of ['Copy Review Link', 'Copy Google Link', 'QR Code', 'Analytics', 'Settings', 'Remove']) {
      expect(within(card).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument()
    }

    const sweets = screen.getByRole('article', { name: 'Sharma Sweets' })
    expect(within(sweets).getByText('No Google rating')).toBeInTheDocument()
    expect(within(sweets).getByText(/1 review on Google$/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'My Businesses' })).toBeInTheDocument()
  })

  it('copies the review link and opens the QR dialog with its downloads', async () => {
    signIn()
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Copy Review Link/ }))
    expect(writeText).toHaveBeenCalledWith('https://reviews.example.in/review/chai123')
    expect(await screen.findByText('Review Link Copied!')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /QR Code/ }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByAltText('QR code for Chai Point Cafe')).toHaveAttribute('src', 'data:image/png;base64,QR')
    expect(within(dialog).getByText('QR Code and Link')).toBeInTheDocument()
    // docs/screens.md#qr-code-and-link-card: which download is the poster and which the bare code, each with its hint.
    expect(within(dialog).getByRole('button', { name: /Download poster \(PNG\)/ })).toBeInTheDocument()
    expect(within(dialog).getByText(POSTER_HINT)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Print A4/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Print A5/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Download QR code only/ })).toBeInTheDocument()
    expect(within(dialog).getByText(QR_ONLY_HINT)).toBeInTheDocument()

    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    await userEvent.click(within(dialog).getByRole('button', { name: /Download QR code only/ }))
    expect(await screen.findByText('QR Code Downloaded!')).toBeInTheDocument()
    expect(saved).toEqual(['chai_point_cafe_qr_code.png'])
  })

  it('shows the empty state, whose button opens the add view', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    expect(await screen.findByText('No businesses yet')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Add Your First Business/ }))
    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
  })

  it('says so when the list cannot be loaded', async () => {
    signIn()
    fakeApi({
      'GET /api/businesses': { status: 503, body: { error: 'Service unavailable' } },
      'GET /api/billing/trial-status': fixtures.trialStatus(),
    })
    renderBusinesses()
    expect(await screen.findByText('Failed to fetch businesses')).toBeInTheDocument()
  })
})

describe('the add view', () => {
  it('opens from Add Business with the search form, and Cancel returns to the grid', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Add Business/ }))
    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('article', { name: 'Chai Point Cafe' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Business name' })).not.toBeInTheDocument()
  })

  it('opens from ?add=1 (the overview links there)', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses('businesses', '/dashboard/businesses?add=1')

    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('article', { name: 'Chai Point Cafe' })).toBeInTheDocument()
  })

  it('adds a business through the search and returns to the refreshed grid', async () => {
    signIn()
    const place = { place_id: 'demo-sweets', name: 'Sharma Sweets', address: 'Karol Bagh, Delhi', rating: 4.5, reviewCount: 80 }
    const added = fixtures.business({ id: 8, name: 'Sharma Sweets', address: 'Karol Bagh, Delhi', shortUrl: 'sweets' })
    let list = [cafe()]
    const api = fakeApi({
      'GET /api/businesses': () => list,
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/geo': { city: null, country: null },
      'POST /api/search-business': { places: [place] },
      'POST /api/select-business': () => {
        list = [added, cafe()]
        return { business: added }
      },
    })
    renderBusinesses('businesses', '/dashboard/businesses?add=1')

    await userEvent.type(await screen.findByRole('combobox', { name: 'Business name' }), 'Sharma')
    await userEvent.click(await screen.findByText('Karol Bagh, Delhi'))

    expect(await screen.findByText('Business Added Successfully!')).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Sharma Sweets' })).toBeInTheDocument()
    expect(api.calls.find((call) => call.path === '/api/select-business')?.body).toEqual({ placeId: 'demo-sweets', complianceMode: false })
  })
})

describe('the business limit gate', () => {
  it('shows Business Limit Reached to a free owner who already has a business', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': expiredTrial })
    renderBusinesses()

    await userEvent.click(await screen.findByRole('button', { name: /Add Business/ }))
    expect(await screen.findByText('Business Limit Reached')).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_LIMIT_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Business name' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('article', { name: 'Chai Point Cafe' })).toBeInTheDocument()
  })

  it('shows the search form to a free owner with no business yet', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/businesses': [], 'GET /api/billing/trial-status': expiredTrial })
    renderBusinesses('businesses', '/dashboard/businesses?add=1')
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/billing/trial-status')).toBe(true))
    expect(await screen.findByRole('combobox', { name: 'Business name' })).toBeInTheDocument()
    expect(screen.queryByText('Business Limit Reached')).not.toBeInTheDocument()
  })
})

describe('the QR codes route', () => {
  it('/dashboard/qr-codes shows every QR with its downloads and nothing destructive', async () => {
    signIn()
    fakeApi({ 'GET /api/businesses': [cafe()], 'GET /api/billing/trial-status': fixtures.trialStatus() })
    renderBusinesses('qr-codes')

    const card = await screen.findByRole('article', { name: 'Chai Point Cafe' })
    expect(await within(card).findByAltText('QR code for Chai Point Cafe')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Download poster \(PNG\)/ })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Download QR code only/ })).toBeInTheDocument()
    expect(within(card).getByText(QR_ONLY_HINT)).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Print A4/ })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Print A5/ })).toBeInTheDocument()
    expect(within(card).queryByText('QR Code', { exact: true })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'QR Codes' })).toBeInTheDocument()
  })
})
