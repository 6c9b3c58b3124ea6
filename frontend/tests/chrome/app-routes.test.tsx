import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import { AppRoutes } from '#app'
import { renderScreen, signIn } from '../helpers'
import { chromeApi, setViewport, stubLocation, Where } from './chrome-helpers'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

function renderApp(path: string) {
  return renderScreen(
    <>
      <Where />
      <AppRoutes />
    </>,
    { path }
  )
}

describe('owner routes and sign-in (docs/decisions.md D1)', () => {
  it('sends a signed-out visitor on an owner route to /auth with the way back', async () => {
    const api = chromeApi()
    const location = stubLocation('/dashboard/businesses?tab=qr')
    renderApp('/dashboard/businesses?tab=qr')
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/auth?mode=signin&redirect=%2Fdashboard%2Fbusinesses%3Ftab%3Dqr'))
    expect(screen.queryByRole('heading', { name: /^Hi, / })).not.toBeInTheDocument()
    expect(api.calls).toEqual([])
  })

  it.each(['/feedbacks', '/profile', '/billing', '/business/7'])('does the same on %s', async (path) => {
    chromeApi()
    const location = stubLocation(path)
    renderApp(path)
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(`/auth?mode=signin&redirect=${encodeURIComponent(path)}`))
  })

  it('treats a stored token that is not a real one as signed out (docs/product-rules.md)', async () => {
    chromeApi()
    localStorage.setItem(TOKEN_KEY, 'undefined')
    const location = stubLocation('/feedbacks')
    renderApp('/feedbacks')
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/auth?mode=signin&redirect=%2Ffeedbacks'))
  })

  it('shows "Loading your dashboard..." while the session is checked, then the chrome', async () => {
    signIn()
    chromeApi()
    const location = stubLocation('/dashboard/nothing-here')
    renderApp('/dashboard/nothing-here')
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Hi, Asha!' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.queryByText('Loading your dashboard...')).not.toBeInTheDocument()
    expect(location.replace).not.toHaveBeenCalled()
  })

  it('hands a signed-in owner on a site path to the browser', async () => {
    signIn()
    chromeApi()
    const location = stubLocation('/privacy')
    renderApp('/privacy')
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/privacy'))
  })

  it('sends /home to /dashboard', async () => {
    signIn()
    chromeApi()
    stubLocation('/home')
    renderApp('/home')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/))
  })
})
