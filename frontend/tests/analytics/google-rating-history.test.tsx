import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GoogleRatingHistoryResponse, GoogleRatingRefreshResponse } from '@reviewroute/backend/types/api'
import { useState } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import GoogleRatingHistory from '#components/analytics/google-rating-history'
import { fakeApi, renderScreen, signIn } from '../helpers'

const HISTORY = 'GET /api/businesses/7/google-rating-history'
const REFRESH = 'POST /api/businesses/7/google-rating/refresh'

const history = (points: GoogleRatingHistoryResponse['points'], since = '2026-10-12') =>
  ({ businessId: 7, since, points }) satisfies GoogleRatingHistoryResponse

const month = history([
  { day: '2026-10-12', rating: 4.3, reviewCount: 112 },
  { day: '2026-10-13', rating: 4.3, reviewCount: 115 },
  { day: '2026-10-20', rating: 4.4, reviewCount: 131 },
  { day: '2026-11-11', rating: 4.5, reviewCount: 150 },
])

/** The button, once the history has loaded: until then it is disabled, and a click does nothing. */
async function refreshButton() {
  const button = await screen.findByRole('button', { name: /Refresh from Google/ })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}

// The first antd render is slow on a busy machine.
describe('Google rating history card', () => {
  beforeAll(() => import('recharts'), 30_000)

  it('sums up the change since the owner joined and draws the chart', async () => {
    signIn()
    fakeApi({ [HISTORY]: month })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    expect(await screen.findByText('4.3★ → 4.5★, +38 reviews on Google since 12 Oct 2026')).toBeInTheDocument()
    expect(screen.getByText('Google rating since you joined')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Google rating and review count per day' })).toBeInTheDocument()
    expect(screen.queryByText(/history starts today/)).not.toBeInTheDocument()
  })

  it('with one point, says the history starts today and shows the rating so far', async () => {
    signIn()
    fakeApi({ [HISTORY]: history([{ day: '2026-11-24', rating: 4.1, reviewCount: 87 }], '2026-11-24') })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    expect(await screen.findByText("We'll check your Google rating every day; the history starts today.")).toBeInTheDocument()
    expect(screen.getByText('Now: 4.1★ from 87 reviews on Google.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Google rating and review count per day' })).not.toBeInTheDocument()
  })

  it('a listing without a rating yet reads as "no rating", never 0★ or null', async () => {
    signIn()
    fakeApi({
      [HISTORY]: history([
        { day: '2026-10-12', rating: null, reviewCount: 0 },
        { day: '2026-10-30', rating: 4.8, reviewCount: 3 },
      ]),
    })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    expect(await screen.findByText('no rating → 4.8★, +3 reviews on Google since 12 Oct 2026')).toBeInTheDocument()
  })

  it('Refresh from Google posts, then shows the new figures', async () => {
    signIn()
    const refreshed = {
      businessId: 7,
      point: { day: '2026-11-24', rating: 4.6, reviewCount: 162 },
      business: { rating: 4.6, reviewCount: 162 },
    } satisfies GoogleRatingRefreshResponse
    const api = fakeApi({ [HISTORY]: month, [REFRESH]: refreshed })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    await userEvent.click(await refreshButton())

    expect(await screen.findByText('4.3★ → 4.6★, +50 reviews on Google since 12 Oct 2026')).toBeInTheDocument()
    const posts = api.calls.filter((call) => call.method === 'POST')
    expect(posts.map((call) => call.path)).toEqual(['/api/businesses/7/google-rating/refresh'])
  })

  it("a refresh on the same day replaces that day's point", async () => {
    signIn()
    fakeApi({
      [HISTORY]: history([
        { day: '2026-11-23', rating: 4.2, reviewCount: 90 },
        { day: '2026-11-24', rating: 4.2, reviewCount: 91 },
      ]),
      [REFRESH]: { businessId: 7, point: { day: '2026-11-24', rating: 4.3, reviewCount: 95 }, business: { rating: 4.3, reviewCount: 95 } },
    })
    renderScreen(<GoogleRatingHistory businessId={7} />)
    expect(await screen.findByText('4.2★ → 4.2★, +1 review on Google since 12 Oct 2026')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Refresh from Google/ }))

    expect(await screen.findByText('4.2★ → 4.3★, +5 reviews on Google since 12 Oct 2026')).toBeInTheDocument()
  })

  it("shows the server's sentence when refreshed too soon (429)", async () => {
    signIn()
    const sentence = "Google's figures for this business were refreshed a moment ago. You can refresh again in 9 minutes."
    fakeApi({
      [HISTORY]: month,
      [REFRESH]: { status: 429, body: { error: sentence, message: sentence, retryAfter: 540 }, headers: { 'retry-after': '540' } },
    })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    await userEvent.click(await refreshButton())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(sentence)).toBeInTheDocument()
    // The history stays as it was.
    expect(screen.getByText('4.3★ → 4.5★, +38 reviews on Google since 12 Oct 2026')).toBeInTheDocument()
  })

  it('a failed load says so', async () => {
    signIn()
    fakeApi({ [HISTORY]: { status: 503, body: { error: 'The service is temporarily unavailable. Please try again shortly.' } } })
    renderScreen(<GoogleRatingHistory businessId={7} />)

    expect(await screen.findByText('The service is temporarily unavailable. Please try again shortly.')).toBeInTheDocument()
  })

  it("keeps each business's history: its page opened again asks no more, a refreshed point stays, another business has its own", async () => {
    signIn()
    const other = {
      businessId: 8,
      since: '2026-11-01',
      points: [
        { day: '2026-11-01', rating: 3.9, reviewCount: 40 },
        { day: '2026-11-20', rating: 4.1, reviewCount: 55 },
      ],
    } satisfies GoogleRatingHistoryResponse
    const api = fakeApi({
      [HISTORY]: month,
      'GET /api/businesses/8/google-rating-history': other,
      [REFRESH]: {
        businessId: 7,
        point: { day: '2026-11-24', rating: 4.6, reviewCount: 162 },
        business: { rating: 4.6, reviewCount: 162 },
      },
    })
    function Pages() {
      const [businessId, setBusinessId] = useState(7)
      return (
        <>
          <button onClick={() => setBusinessId(businessId === 7 ? 8 : 7)}>Other business</button>
          <GoogleRatingHistory key={businessId} businessId={businessId} />
        </>
      )
    }
    renderScreen(<Pages />)
    await userEvent.click(await refreshButton())
    expect(await screen.findByText('4.3★ → 4.6★, +50 reviews on Google since 12 Oct 2026')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Other business' }))
    expect(await screen.findByText('3.9★ → 4.1★, +15 reviews on Google since 1 Nov 2026')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Other business' }))
    expect(await screen.findByText('4.3★ → 4.6★, +50 reviews on Google since 12 Oct 2026')).toBeInTheDocument()

    const reads = api.calls.filter((call) => call.method === 'GET').map((call) => call.path)
    expect(reads).toEqual(['/api/businesses/7/google-rating-history', '/api/businesses/8/google-rating-history'])
  })

  it("a refresh's failure that arrives after another business is shown stays off that business's card", async () => {
    signIn()
    let answerRefresh!: () => void
    const refreshAnswered = new Promise<void>((resolve) => (answerRefresh = resolve))
    fakeApi({
      [HISTORY]: month,
      'GET /api/businesses/8/google-rating-history': history([
        { day: '2026-11-01', rating: 3.9, reviewCount: 40 },
        { day: '2026-11-20', rating: 4.1, reviewCount: 55 },
      ]),
      [REFRESH]: async () => {
        await refreshAnswered
        return { status: 503, body: { error: 'Google is not answering. Please try again later.' } }
      },
    })
    function Pages() {
      const [businessId, setBusinessId] = useState(7)
      return (
        <>
          <button onClick={() => setBusinessId(8)}>Other business</button>
          <GoogleRatingHistory businessId={businessId} />
        </>
      )
    }
    renderScreen(<Pages />)
    await userEvent.click(await refreshButton())
    await userEvent.click(screen.getByRole('button', { name: 'Other business' }))
    expect(await screen.findByText('3.9★ → 4.1★, +15 reviews on Google since 12 Oct 2026')).toBeInTheDocument()

    answerRefresh()
    await waitFor(() => expect(screen.getByRole('button', { name: /Refresh from Google/ })).not.toHaveClass('ant-btn-loading'))
    expect(screen.queryByText('Google is not answering. Please try again later.')).not.toBeInTheDocument()
  })
})
