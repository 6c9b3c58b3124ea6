import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isDashboardPath, OutsideApp } from '#components/outside-app'
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

  // The server and the dashboard read one route list (backend/contract/web_routes.ts): what the server does not
  // hand to the dashboard, the dashboard hands back to the browser, and the server answers its 404 page.
  it.each(['/dashboardx', '/business/7/extra'])(
    'hands %s, outside the dashboard, to the browser (the server answers 404)',
    async (path) => {
      fakeApi({})
      const location = stubLocation(path)
      renderScreen(<OutsideApp />, { path })
      await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith(path))
    }
  )

  it.each(['/dashboard/nothing-here'])('shows the dashboard 404 for %s', async (path) => {
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

  it.each(['/', '/auth', '/help', '/review/abc', '/dashboardx', '/profiles', '/billing-info', '/business/7/extra', '/business/'])(
    '%s is not',
    (path) => {
      expect(isDashboardPath(path)).toBe(false)
    }
  )
})
