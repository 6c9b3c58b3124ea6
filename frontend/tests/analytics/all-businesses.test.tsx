import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import AnalyticsPage from '#pages/analytics'
import { BusinessesProvider } from '#hooks/use-businesses'
import { presetRange } from '#lib/date-range'
import { fakeApi, fixtures, renderScreen, signIn, type Routes } from '../helpers'
import { answerRange, CAFE_BEFORE, CAFE_NOW, totals } from './range-fixtures'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const SWEETS_NOW = totals({
  totalSessions: 8,
  positiveSessions: 5,
  negativeSessions: 3,
  redirectedSessions: 5,
  conversionRate: 62.5,
  averageRating: 3.9,
  filteredFeedback: 2,
})
const SWEETS_BEFORE = totals({ totalSessions: 10, redirectedSessions: 6, averageRating: 4.1, filteredFeedback: 1 })
const DHABA = totals({ totalSessions: 20, positiveSessions: 20, redirectedSessions: 20, conversionRate: 100, averageRating: 4.9 })

const businesses = [
  { businessId: 7, name: 'Chai Point Cafe', totals: CAFE_NOW, previousTotals: CAFE_BEFORE },
  { businessId: 8, name: 'Sharma Sweets', totals: SWEETS_NOW, previousTotals: SWEETS_BEFORE },
  { businessId: 9, name: 'Highway Dhaba', totals: DHABA, previousTotals: totals() },
]
const combined = totals({ totalSessions: 70, redirectedSessions: 55, averageRating: 4.5, filteredFeedback: 5 })
const combinedBefore = totals({ totalSessions: 40, redirectedSessions: 36, averageRating: 4.2, filteredFeedback: 6 })

const rangeCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.path === '/api/analytics/range')
const open = (answer: Routes[string] = answerRange({ totals: combined, previousTotals: combinedBefore, businesses })) => {
  signIn()
  const api = fakeApi({
    'GET /api/analytics/range': answer,
    'GET /api/businesses': [
      fixtures.business(),
      fixtures.business({ id: 8, name: 'Sharma Sweets', address: 'Koramangala, Bengaluru' }),
      fixtures.business({ id: 9, name: 'Highway Dhaba', address: 'NH 44, Panipat' }),
    ],
  })
  renderScreen(
    <BusinessesProvider>
      <AnalyticsPage />
    </BusinessesProvider>,
    { path: '/dashboard/analytics' }
  )
  return api
}
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement
const names = () => Array.from(document.querySelectorAll('tbody tr a')).map((link) => link.textContent)

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }))
  const options = await screen.findAllByTitle(option)
  fireEvent.click(options.find((element) => element.classList.contains('ant-select-item-option'))!)
}

describe('/dashboard/analytics: all businesses over a range', () => {
  it('asks for every business over the last 30 days and shows the combined figures against the previous period', async () => {
    const api = open()

    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument()
    const reviews = await screen.findByRole('group', { name: 'Ratings' })
    expect(within(reviews).getByText('70')).toBeInTheDocument()
    expect(within(reviews).getByText('+30 (+75%) vs previous 30 days')).toBeInTheDocument()
    const query = Object.fromEntries(rangeCalls(api)[0].url.searchParams)
    expect(query).toEqual(presetRange('last30'))
  })

  it('lists each business with a link to its page, its figures and its change', async () => {
    open()

    const cafe = await waitFor(() => rowOf('Chai Point Cafe'))
    expect(within(cafe).getByRole('link', { name: 'Chai Point Cafe' })).toHaveAttribute('href', '/business/7')
    // The address under the name: two branches of one name differ only there.
    expect(await within(cafe).findByText('MG Road, Bengaluru')).toBeInTheDocument()
    expect(within(cafe).getByText('42')).toBeInTheDocument()
    expect(within(cafe).getByText('4.5')).toBeInTheDocument()
    expect(within(cafe).getByText('30')).toBeInTheDocument()
    expect(within(cafe).getByText('6')).toBeInTheDocument()
    expect(within(cafe).getByText('+12 (+40%) vs previous 30 days')).toBeInTheDocument()
    expect(within(rowOf('Sharma Sweets')).getByText('−2 (−20%) vs previous 30 days')).toBeInTheDocument()
    // No ratings in the previous period: the change, and no percentage against nothing.
    expect(within(rowOf('Highway Dhaba')).getByText('+20, none in the previous 30 days')).toBeInTheDocument()
    expect(names()).toEqual(['Chai Point Cafe', 'Sharma Sweets', 'Highway Dhaba'])
  })

  it('sorts the businesses by a column', async () => {
    open()
    await waitFor(() => rowOf('Chai Point Cafe'))

    fireEvent.click(screen.getByRole('columnheader', { name: /^Ratings/ }))
    expect(names()).toEqual(['Sharma Sweets', 'Highway Dhaba', 'Chai Point Cafe'])
    fireEvent.click(screen.getByRole('columnheader', { name: /^Ratings/ }))
    expect(names()).toEqual(['Chai Point Cafe', 'Highway Dhaba', 'Sharma Sweets'])
    fireEvent.click(screen.getByRole('columnheader', { name: /Average rating/ }))
    expect(names()).toEqual(['Sharma Sweets', 'Chai Point Cafe', 'Highway Dhaba'])
  })

  it('asks again for another period', async () => {
    const api = open()
    await screen.findByRole('group', { name: 'Ratings' })

    await choose('Period', 'Last 7 days')

    await waitFor(() => expect(Object.fromEntries(rangeCalls(api).at(-1)!.url.searchParams)).toEqual(presetRange('last7')))
    expect(await screen.findByText('+30 (+75%) vs previous 7 days')).toBeInTheDocument()
  })

  it('works for an owner with one business: one row', async () => {
    open(answerRange({ totals: CAFE_NOW, previousTotals: CAFE_BEFORE, businesses: businesses.slice(0, 1) }))

    await waitFor(() => rowOf('Chai Point Cafe'))
    expect(names()).toEqual(['Chai Point Cafe'])
  })

  it('points an owner without businesses to adding one', async () => {
    open(answerRange({ totals: totals(), previousTotals: totals(), businesses: [] }))

    const add = await screen.findByRole('link', { name: /Add a business/ })
    expect(add).toHaveAttribute('href', '/dashboard/businesses?add=1')
  })

  it('says so, with a way to try again, when the figures cannot load', async () => {
    let fail = true
    open(({ url }: { url: URL }) => (fail ? { status: 503, body: {} } : answerRange({ businesses })({ url })))

    expect(await screen.findByText('Failed to fetch analytics')).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await waitFor(() => rowOf('Chai Point Cafe'))).toBeInTheDocument()
  })
})
