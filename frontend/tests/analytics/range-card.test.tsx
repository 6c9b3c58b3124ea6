import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import RangeCard from '#components/analytics/range-card'
import { Overview } from '#components/dashboard/overview'
import { presetRange } from '#lib/date-range'
import { fakeApi, fixtures, renderScreen, signIn, stubIntersectionObserver } from '../helpers'
import { answerRange } from './range-fixtures'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("the overview's period card", () => {
  it("shows the selected business's last 30 days against the 30 before, and leads to all businesses", async () => {
    signIn()
    const api = fakeApi({ 'GET /api/analytics/range': answerRange({ businessId: 7 }) })
    renderScreen(<RangeCard businessId={7} />, { path: '/dashboard' })

    const reviews = await screen.findByRole('group', { name: 'Ratings' })
    expect(within(reviews).getByText('+12 (+40%) vs previous 30 days')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All businesses' })).toHaveAttribute('href', '/dashboard/analytics')
    const call = api.calls.find((one) => one.path === '/api/analytics/range')!
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ ...presetRange('last30'), businessId: '7' })
  })

  it('is on the overview, loaded only when it scrolls into view', async () => {
    const { reveal } = stubIntersectionObserver()
    signIn()
    const api = fakeApi({ 'GET /api/analytics/range': answerRange({ businessId: 7 }) })
    renderScreen(<Overview business={fixtures.business()} />, { path: '/dashboard' })

    expect(await screen.findByText('Over time')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument()
    expect(api.calls.some((call) => call.path === '/api/analytics/range')).toBe(false)

    reveal()
    expect(await screen.findByRole('combobox', { name: 'Period' })).toBeInTheDocument()
    expect(await screen.findByRole('group', { name: 'Ratings' })).toBeInTheDocument()
  })
})
