import '@testing-library/jest-dom/vitest'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import VerifyEmailPage from '#site/pages/verify-email'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import { mockFetch, renderAt, USER } from './helpers'

const OWNER_TOKEN = 'rr_MQ.a-real-looking-token-value-123'
const DEAD = { status: 400, body: { error: 'This verification link has expired or was already used.', message: 'Bad token' } }

// Strict: the link is spent by its first use, so the page must verify once however often React runs its effects.
const PAGE = (
  <StrictMode>
    <VerifyEmailPage />
  </StrictMode>
)

describe('/auth/verify', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('verifies on load, once, without sign-in, and offers the dashboard', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/verify-email': () => ({ body: { user: { ...USER, emailVerified: true } } }) })
    renderAt('/auth/verify?token=verify-token-from-the-mail', PAGE)
    expect(screen.getByRole('heading', { name: 'Verifying your email…' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument()
    expect(screen.getByText(USER.email)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(calls).toHaveLength(1)
    expect(calls[0].body).toEqual({ token: 'verify-token-from-the-mail' })
    expect(calls[0].headers.Authorization).toBeUndefined()
  })

  it('signed out, a dead link shows the sentence and the way to sign in', async () => {
    mockFetch({ 'POST /api/auth/verify-email': () => DEAD })
    renderAt('/auth/verify?token=used', PAGE)
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link has expired or was already used.')
    expect(screen.getByRole('link', { name: 'Sign in to get a new link' })).toHaveAttribute('href', '/auth?mode=signin&redirect=/dashboard')
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument()
  })

  it('signed in, a dead link offers a new one (202 → success toast)', async () => {
    localStorage.setItem(TOKEN_KEY, OWNER_TOKEN)
    const { calls } = mockFetch({
      'POST /api/auth/verify-email': () => DEAD,
      'POST /api/auth/resend-verification': () => ({ status: 202, body: { message: 'Sent' } }),
    })
    renderAt('/auth/verify?token=used', PAGE)
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument()
    const resend = calls.find((call) => call.url === '/api/auth/resend-verification')!
    expect(resend.headers.Authorization).toBe(`Bearer ${OWNER_TOKEN}`)
  })

  it("signed in, a refused resend shows the server's sentence (429)", async () => {
    localStorage.setItem(TOKEN_KEY, OWNER_TOKEN)
    mockFetch({
      'POST /api/auth/verify-email': () => DEAD,
      'POST /api/auth/resend-verification': () => ({
        status: 429,
        body: { error: 'Please wait a few minutes before asking again.', message: 'Too many' },
      }),
    })
    renderAt('/auth/verify?token=used', PAGE)
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText('Resend Failed')).toBeInTheDocument()
    expect(screen.getByText('Please wait a few minutes before asking again.')).toBeInTheDocument()
  })

  // A verified owner opening the mail's link again was told "We could not verify your email".
  it.each([false, true])('a spent link of a confirmed address says it is already verified (signed in: %s)', async (signedIn) => {
    if (signedIn) localStorage.setItem(TOKEN_KEY, OWNER_TOKEN)
    const sentence = 'Your email address is already verified. There is nothing more to do.'
    mockFetch({
      'POST /api/auth/verify-email': () => ({ status: 400, body: { error: sentence, message: sentence, alreadyVerified: true } }),
    })
    renderAt('/auth/verify?token=used-again', PAGE)
    expect(await screen.findByRole('heading', { name: 'Email already verified' })).toBeInTheDocument()
    expect(screen.getByText(sentence)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument()
  })

  it('a link without a token is refused without a call', () => {
    const { calls } = mockFetch({})
    renderAt('/auth/verify', PAGE)
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is incomplete.')
    expect(calls).toHaveLength(0)
  })
})
