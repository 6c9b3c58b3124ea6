import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import ResetPasswordPage from '#site/pages/reset-password'
import ForgotPasswordPage from '#site/pages/forgot-password'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import type { AuthResponse, ResetTokenCheckResponse } from '@reviewroute/backend/types/api'
import { mockFetch, renderAt, USER, type FakeCall } from './helpers'

const SESSION_TOKEN = 'rr_MQ.a-fresh-token-after-the-reset-42'
const SIGNED_IN = { token: SESSION_TOKEN, user: USER } satisfies AuthResponse
const CHECK = 'POST /api/auth/reset-password/check'
const USED = 'This reset link has expired or was already used.'

type Answer = { status?: number; body?: unknown }

/** The API with the link check answering first (a prefix of the reset route, so it must be matched before it). */
function mockApi(
  routes: Record<string, (call: FakeCall) => Answer | Promise<Answer>> = {},
  check: (call: FakeCall) => Answer | Promise<Answer> = () => ({ body: { valid: true } satisfies ResetTokenCheckResponse })
) {
  return mockFetch({ [CHECK]: check, ...routes })
}

const resets = (calls: FakeCall[]) => calls.filter((call) => call.url === '/api/auth/reset-password')

const PAGES = (
  <Routes>
    <Route path="/auth/reset" element={<ResetPasswordPage />} />
    <Route path="/auth/forgot" element={<ForgotPasswordPage />} />
  </Routes>
)

async function choose(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText('New password'), password)
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm)
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }))
}

describe('/auth/reset', () => {
  const assign = vi.fn()
  beforeEach(() => {
    localStorage.clear()
    assign.mockReset()
    vi.stubGlobal('location', { ...window.location, assign })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sets the new password, keeps the new token and opens the dashboard', async () => {
    const { calls } = mockApi({ 'POST /api/auth/reset-password': () => ({ body: SIGNED_IN }) })
    renderAt('/auth/reset?token=reset-token-from-the-mail', PAGES)
    await choose('a-new-long-password')
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    expect(calls[0]).toMatchObject({ url: '/api/auth/reset-password/check', body: { token: 'reset-token-from-the-mail' } })
    expect(resets(calls)[0].body).toEqual({ token: 'reset-token-from-the-mail', password: 'a-new-long-password' })
    expect(localStorage.getItem(TOKEN_KEY)).toBe(SESSION_TOKEN)
  })

  it('does not send two different passwords', async () => {
    const { calls } = mockApi()
    renderAt('/auth/reset?token=t', PAGES)
    await choose('a-new-long-password', 'a-new-long-passwort')
    expect(await screen.findByText('The two passwords do not match.')).toHaveAttribute('id', 'confirm-error')
    expect(resets(calls)).toHaveLength(0)
  })

  it('explains a link that dies between the check and the new password (400) and links to a new one', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({ status: 400, body: { error: USED, message: 'Bad token' } }),
    })
    renderAt('/auth/reset?token=used-token', PAGES)
    await choose('a-new-long-password')
    expect(await screen.findByRole('alert')).toHaveTextContent(USED)
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows a link without a token as dead at once', () => {
    const { calls } = mockFetch({})
    renderAt('/auth/reset', PAGES)
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot')
    expect(calls).toHaveLength(0)
  })

  it('shows a refused password under its field (422)', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 422,
        body: {
          error: 'The password field must have at least 8 characters',
          message: 'Validation failed',
          errors: [{ field: 'password', message: 'The password field must have at least 8 characters' }],
        },
      }),
    })
    renderAt('/auth/reset?token=t', PAGES)
    await choose('short')
    expect(await screen.findByText('The password field must have at least 8 characters')).toHaveAttribute('id', 'password-error')
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled()
  })

  it("shows the server's sentence when tried too often (429)", async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({ status: 429, body: { error: 'Too many attempts. Try again later.', message: 'Too many' } }),
    })
    renderAt('/auth/reset?token=t', PAGES)
    await choose('a-new-long-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.')
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
  })

  it('checks the link on open and shows a used one as dead at once, without the form', async () => {
    const { calls } = mockApi({}, () => ({ status: 400, body: { error: USED, message: 'Bad token' } }))
    renderAt('/auth/reset?token=used-token', PAGES)
    expect(screen.getByRole('status')).toHaveTextContent('One moment.')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(USED)
    expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ url: '/api/auth/reset-password/check', method: 'POST', body: { token: 'used-token' } })
  })

  it('shows the form only once the link is known to work', async () => {
    let answer!: (value: Answer) => void
    mockApi({}, () => new Promise<Answer>((resolve) => (answer = resolve)))
    renderAt('/auth/reset?token=good-token', PAGES)
    expect(await screen.findByRole('status')).toHaveTextContent('One moment.')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    answer({ body: { valid: true } })
    expect(await screen.findByLabelText('New password')).toBeEnabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('leaves the form to try when the check cannot answer (outage)', async () => {
    mockApi({}, () => ({ status: 503, body: { error: 'Service unavailable' } }))
    renderAt('/auth/reset?token=t', PAGES)
    expect(await screen.findByLabelText('New password')).toBeInTheDocument()
  })
})
