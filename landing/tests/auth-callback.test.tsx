import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router'
import AuthCallbackPage from '#site/pages/auth-callback'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import type { AuthResponse } from '@reviewroute/backend/types/api'
import { mockFetch, USER } from './helpers'

const TOKEN = 'rr_MQ.a-token-from-the-oidc-exchange-7'
const SIGNED_IN = { token: TOKEN, user: USER } satisfies AuthResponse

function SignInPage() {
  const location = useLocation()
  return <p>sign-in page at {location.pathname + location.search}</p>
}

/** Opens `url` in a real browser history (the page strips the code with history.replaceState). */
function openAt(url: string) {
  window.history.replaceState(null, '', url)
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/auth" element={<SignInPage />} />
      </Routes>
    </BrowserRouter>
  )
}

describe('/auth/callback (docs/decisions.md D29)', () => {
  const replace = vi.fn()
  beforeEach(() => {
    localStorage.clear()
    replace.mockReset()
    // Only the final navigation is faked: the address and history stay jsdom's own, read live.
    const real = window.location
    vi.stubGlobal(
      'location',
      new Proxy({} as Location, {
        get(_, key) {
          if (key === 'replace') return replace
          const value = Reflect.get(real, key)
          return typeof value === 'function' ? value.bind(real) : value
        },
      })
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    window.history.replaceState(null, '', '/')
  })

  it('takes the code out of the address, exchanges it, keeps the token and goes to the redirect', async () => {
    let addressDuringExchange = ''
    const { calls } = mockFetch({
      'POST /api/auth/oidc/exchange': () => {
        addressDuringExchange = window.location.pathname + window.location.search
        return { body: SIGNED_IN }
      },
    })
    openAt('/auth/callback?code=one-time-code-123&redirect=%2Ffeedbacks')
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/feedbacks'))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ url: '/api/auth/oidc/exchange', method: 'POST', body: { code: 'one-time-code-123' } })
    expect(calls[0].headers.Authorization).toBeUndefined()
    expect(addressDuringExchange).toBe('/auth/callback?redirect=%2Ffeedbacks')
    expect(window.location.search).not.toContain('code')
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN)
  })

  it('goes to /dashboard when the redirect points off the site', async () => {
    mockFetch({ 'POST /api/auth/oidc/exchange': () => ({ body: SIGNED_IN }) })
    openAt('/auth/callback?code=c&redirect=https%3A%2F%2Fevil.example%2F')
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'))
  })

  it("shows the server's sentence for a used or expired code, keeps no token and links back to sign-in", async () => {
    const sentence = 'This sign-in link has expired. Please try again.'
    mockFetch({ 'POST /api/auth/oidc/exchange': () => ({ status: 400, body: { error: sentence } }) })
    openAt('/auth/callback?code=used&redirect=%2Fbilling&mode=signup')
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence)
    expect(window.location.search).toBe('?redirect=%2Fbilling&mode=signup')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(replace).not.toHaveBeenCalled()
    const back = screen.getByRole('link', { name: 'Back to sign in' })
    expect(back).toHaveAttribute('href', '/auth?mode=signup&redirect=%2Fbilling')
    await userEvent.click(back)
    expect(await screen.findByText('sign-in page at /auth?mode=signup&redirect=%2Fbilling')).toBeInTheDocument()
  })

  it("shows the provider's refusal from the address without calling the server", async () => {
    const { calls } = mockFetch({})
    openAt(`/auth/callback?error=${encodeURIComponent('You cancelled the sign-in with Google.')}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the sign-in with Google.')
    expect(screen.getByRole('heading', { name: 'We could not sign you in' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth?mode=signin&redirect=%2Fdashboard')
    expect(calls).toHaveLength(0)
  })

  it('says a callback without a code or an error is incomplete', async () => {
    const { calls } = mockFetch({})
    openAt('/auth/callback')
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is incomplete.')
    expect(calls).toHaveLength(0)
  })

  it('says so when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/auth/oidc/exchange': () => Promise.reject(new TypeError('offline')) })
    openAt('/auth/callback?code=c')
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach ReviewRoute.')
  })
})
