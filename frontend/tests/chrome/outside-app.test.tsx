import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isDashboardPath, OutsideApp } from '../../src/components/outside-app'
import { fakeApi, renderScreen } from '../helpers'
import { stubLocation } from './chrome-helpers'

afterEach(() => vi.unstubAllGlobals())

describe('paths the dashboard does not draw', () => {
  it('hands a site path to the browser with its query and hash', async () => {
    fakeApi({})
    const location = stubLocation('/help?topic=billing#faq')
    renderScreen(<OutsideApp />, { path: '/help?topic=billing#faq' })
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith('/help?topic=billing#faq'))
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument()
  })

  it('hands an unknown path outside the dashboard to the browser (the server answers 404)', async () => {
    fakeApi({})
    const location = stubLocation('/dashboardx')
    renderScreen(<OutsideApp />, { path: '/dashboardx' })
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith('/dashboardx'))
  })

  it.each(['/dashboard/nothing-here', '/business/7/extra'])('shows the dashboard 404 for %s', async (path) => {
    fakeApi({})
    const location = stubLocation(path)
    renderScreen(<OutsideApp />, { path })
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(location.replace).not.toHaveBeenCalled()
  })
})

describe('isDashboardPath (the server route list)', () => {
  it.each(['/dashboard', '/dashboard/qr-codes', '/feedbacks', '/profile', '/billing', '/business/7'])('%s is the dashboard’s', (path) => {
    expect(isDashboardPath(path)).toBe(true)
  })

  it.each(['/', '/auth', '/help', '/review/abc', '/dashboardx', '/profiles', '/billing-info'])('%s is not', (path) => {
    expect(isDashboardPath(path)).toBe(false)
  })
})
