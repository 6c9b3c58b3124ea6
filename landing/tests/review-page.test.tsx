import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReviewLinkDto, SubmitReviewResponse } from '@reviewroute/backend/types/api'
import { ReviewPage, type Effects } from '#review/review-page'
import { ThanksPage } from '#review/thanks-page'
import { messages } from '#review/messages'
import { createI18n, type Language } from '@reviewroute/web-shared/i18n'
import { I18nProvider } from '@reviewroute/web-shared/i18n-react'
import { DESKTOP_THANKS_DELAY_MS, THANKS_DELAY_MS } from '#review/flow'
import { mockFetch } from './helpers'

const link = (overrides: Partial<ReviewLinkDto> = {}, business: Partial<ReviewLinkDto['business']> = {}): ReviewLinkDto => ({
  business: {
    name: 'Sharma Sweets',
    address: 'MG Road, Pune',
    shortUrl: 'sharma',
    googleReviewUrl: 'https://search.google.com/local/writereview?placeid=abc',
    complianceMode: false,
    language: null,
    ...business,
  },
  canSubmitReview: true,
  reviewCount: 120,
  ...overrides,
})

function effects(isMobile = false) {
  return { isMobile, navigate: vi.fn(), openTab: vi.fn(), schedule: vi.fn() } satisfies Effects
}

function renderPage(initial: Parameters<typeof ReviewPage>[0]['initial'], fx: Effects, language: Language = 'en') {
  const i18n = createI18n(messages, language)
  render(
    <I18nProvider i18n={i18n}>
      <ReviewPage initial={initial} effects={fx} />
    </I18nProvider>
  )
  return i18n
}

const star = (count: number) => screen.getByRole('button', { name: count === 1 ? '1 star' : `${count} stars` })

describe('customer review page', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('shows the rating screen from inlined data without any request', () => {
    const { fetchMock } = mockFetch({})
    renderPage({ code: 'sharma', link: link() }, effects())
    expect(screen.getByRole('heading', { name: 'Sharma Sweets' })).toBeInTheDocument()
    expect(screen.getByText('MG Road, Pune')).toBeInTheDocument()
    expect(screen.getByText('How was your experience?')).toBeInTheDocument()
    expect(screen.getByText('Tap the stars to rate your visit')).toBeInTheDocument()
    expect(screen.getByText('Your rating helps Sharma Sweets improve their service')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /stars?$/ })).toHaveLength(5)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('loads the link when nothing was inlined, showing the loading state first', async () => {
    mockFetch({ 'GET /api/business/by-url/sharma': () => ({ body: link() }) })
    renderPage({ code: 'sharma', link: null }, effects())
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Sharma Sweets' })).toBeInTheDocument()
  })

  it('shows Business Not Found for an unknown link', async () => {
    mockFetch({ 'GET /api/business/by-url/nope': () => ({ status: 404, body: { error: 'Business not found' } }) })
    renderPage({ code: 'nope', link: null }, effects())
    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeInTheDocument()
    expect(screen.getByText('This review link is invalid or expired.')).toBeInTheDocument()
  })

  it('shows Business Not Found when the server inlined an error', () => {
    renderPage({ code: 'nope', link: null, error: 'Business not found' }, effects())
    expect(screen.getByRole('heading', { name: 'Business Not Found' })).toBeInTheDocument()
  })

  it('highlights stars on hover', async () => {
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.hover(star(3))
    const lit = screen.getAllByRole('button', { name: /stars?$/ }).map((button) => button.classList.contains('star--on'))
    expect(lit).toEqual([true, true, true, false, false])
  })

  it('5 stars on a phone: submits at once and opens Google in place', async () => {
    const { calls } = mockFetch({
      'POST /api/review/sharma/submit': () => ({ body: { redirect: true, url: 'https://google.example/review' } satisfies SubmitReviewResponse }),
    })
    const fx = effects(true)
    renderPage({ code: 'sharma', link: link() }, fx)
    await userEvent.click(star(5))
    await waitFor(() => expect(fx.navigate).toHaveBeenCalledWith('https://google.example/review'))
    expect(calls[0].body).toEqual({ rating: 5 })
    expect(calls[0].headers.Authorization).toBeUndefined()
    expect(fx.openTab).not.toHaveBeenCalled()
    expect(fx.schedule).not.toHaveBeenCalled()
  })

  it('4 stars on desktop: opens Google in a new tab, then /thanks after 2 s', async () => {
    mockFetch({ 'POST /api/review/sharma/submit': () => ({ body: { redirect: true, url: 'https://google.example/r' } satisfies SubmitReviewResponse }) })
    const fx = effects(false)
    renderPage({ code: 'sharma', link: link() }, fx)
    await userEvent.click(star(4))
    await waitFor(() => expect(fx.openTab).toHaveBeenCalledWith('https://google.example/r'))
    expect(fx.schedule).toHaveBeenCalledWith(expect.any(Function), DESKTOP_THANKS_DELAY_MS)
    fx.schedule.mock.calls[0][0]()
    expect(fx.navigate).toHaveBeenCalledWith('/thanks')
    expect(sessionStorage.getItem('reviewroute.thanks.business')).toBe('Sharma Sweets')
  })

  it('2 stars: asks for feedback, sends it trimmed, then /thanks after 1.5 s', async () => {
    const { calls } = mockFetch({ 'POST /api/review/sharma/submit': () => ({ body: { redirect: false } satisfies SubmitReviewResponse }) })
    const fx = effects(true)
    renderPage({ code: 'sharma', link: link() }, fx)
    await userEvent.click(star(2))
    expect(screen.getByRole('heading', { name: 'Thanks for Your Feedback' })).toBeInTheDocument()
    expect(screen.getByText('You rated your visit 2 out of 5')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await userEvent.type(screen.getByLabelText('How can we improve? (Optional)'), '  The wait was long  ')
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }))
    await waitFor(() => expect(fx.schedule).toHaveBeenCalledWith(expect.any(Function), THANKS_DELAY_MS))
    expect(calls[0].body).toEqual({ rating: 2, feedback: 'The wait was long' })
    expect(fx.navigate).not.toHaveBeenCalled()
  })

  it('shows Submitting... while the feedback is sent', async () => {
    let release: (value: { body: unknown }) => void = () => {}
    mockFetch({ 'POST /api/review/sharma/submit': () => new Promise((resolve) => (release = resolve)) })
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.click(star(1))
    await userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }))
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    release({ body: { redirect: false } satisfies SubmitReviewResponse })
  })

  it('a failed submission shows the default message under the stars and allows another try', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('network down'))
    vi.stubGlobal('fetch', fetchMock)
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.click(star(5))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit rating')
    expect(star(5)).toBeEnabled()
  })

  it("a server error shows the server's sentence", async () => {
    mockFetch({ 'POST /api/review/sharma/submit': () => ({ status: 429, body: { error: 'Too many requests. Please wait a moment and try again.' } }) })
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.click(star(4))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.')
  })

  it('blocked: amber alert with the server message, Upgrade to Pro opens /billing in a new tab, stars ignored', async () => {
    const { fetchMock } = mockFetch({})
    const fx = effects()
    renderPage({ code: 'sharma', link: link({ canSubmitReview: false, message: 'Usage limit exceeded: 50 reviews.' }) }, fx)
    expect(screen.getByRole('alert')).toHaveTextContent('Usage limit exceeded: 50 reviews.')
    for (const count of [1, 2, 3, 4, 5]) expect(star(count)).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }))
    expect(fx.openTab).toHaveBeenCalledWith('/billing')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('a 403 upgrade answer turns the page into the blocked state', async () => {
    mockFetch({ 'POST /api/review/sharma/submit': () => ({ status: 403, body: { error: 'Usage limit exceeded', upgrade: true } }) })
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.click(star(5))
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument()
    expect(star(5)).toBeDisabled()
  })

  it('compliance mode offers "Post on Google instead" on the feedback screen', async () => {
    renderPage({ code: 'sharma', link: link({}, { complianceMode: true }) }, effects())
    await userEvent.click(star(3))
    const google = screen.getByRole('link', { name: 'Post on Google instead' })
    expect(google).toHaveAttribute('href', 'https://search.google.com/local/writereview?placeid=abc')
    expect(google).toHaveAttribute('target', '_blank')
  })

  it('without compliance mode there is no Google link for low ratings', async () => {
    renderPage({ code: 'sharma', link: link() }, effects())
    await userEvent.click(star(3))
    expect(screen.queryByRole('link', { name: 'Post on Google instead' })).not.toBeInTheDocument()
  })

  it('speaks Hindi, and the switch changes the language', async () => {
    renderPage({ code: 'sharma', link: link() }, effects(), 'hi')
    expect(screen.getByText('आपका अनुभव कैसा रहा?')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '3 स्टार' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'English' }))
    expect(screen.getByText('How was your experience?')).toBeInTheDocument()
    expect(localStorage.getItem('reviewroute.language')).toBe('en')
  })

  it('stars are keyboard operable', async () => {
    mockFetch({ 'POST /api/review/sharma/submit': () => ({ body: { redirect: false } satisfies SubmitReviewResponse }) })
    renderPage({ code: 'sharma', link: link() }, effects())
    act(() => star(2).focus())
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'Thanks for Your Feedback' })).toBeInTheDocument()
  })

  it('the thank-you page names the business', () => {
    sessionStorage.setItem('reviewroute.thanks.business', 'Sharma Sweets')
    render(
      <I18nProvider i18n={createI18n(messages, 'en')}>
        <ThanksPage />
      </I18nProvider>
    )
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument()
    expect(screen.getByText('Your feedback has been shared with Sharma Sweets.')).toBeInTheDocument()
  })
})
