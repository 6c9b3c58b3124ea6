import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import ResetPasswordPage from '#site/pages/reset-password'
import ForgotPasswordPage from '#site/pages/forgot-password'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import type { AuthResponse } from '@reviewroute/backend/types/api'
import { mockFetch, USER } from './helpers'

const SESSION_TOKEN = 'rr_MQ.a-fresh-token-after-the-reset-42'
const SIGNED_IN = { token: SESSION_TOKEN, user: USER } satisfies AuthResponse

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/reset" element={<ResetPasswordPage />} />
        <Route path="/auth/forgot" element={<ForgotPasswordPage />} />
      </Routes>
    </MemoryRouter>
  )
}

async function choose(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password)
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
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': () => ({ body: SIGNED_IN }) })
    renderAt('/auth/reset?token=reset-token-from-the-mail')
    await choose('a-new-long-password')
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    expect(calls[0].body).toEqual({ token: 'reset-token-from-the-mail', password: 'a-new-long-password' })
    expect(localStorage.getItem(TOKEN_KEY)).toBe(SESSION_TOKEN)
  })

  it('does not send two different passwords', async () => {
    const { calls } = mockFetch({})
    renderAt('/auth/reset?token=t')
    await choose('a-new-long-password', 'a-new-long-passwort')
    expect(await screen.findByText('The two passwords do not match.')).toHaveAttribute('id', 'confirm-error')
    expect(calls).toHaveLength(0)
  })

  it('explains a used or expired link and links to a new one (400)', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () => ({ status: 400, body: { error: 'This reset link has expired or was already used.', message: 'Bad token' } }),
    })
    renderAt('/auth/reset?token=used-token')
    await choose('a-new-long-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired or was already used.')
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows a link without a token as dead at once', () => {
    const { calls } = mockFetch({})
    renderAt('/auth/reset')
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot')
    expect(calls).toHaveLength(0)
  })

  it('shows a refused password under its field (422)', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () => ({
        status: 422,
        body: {
          error: 'The password field must have at least 8 characters',
          message: 'Validation failed',
          errors: [{ field: 'password', message: 'The password field must have at least 8 characters' }],
        },
      }),
    })
    renderAt('/auth/reset?token=t')
    await choose('short')
    expect(await screen.findByText('The password field must have at least 8 characters')).toHaveAttribute('id', 'password-error')
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled()
  })

  it("shows the server's sentence when tried too often (429)", async () => {
    mockFetch({ 'POST /api/auth/reset-password': () => ({ status: 429, body: { error: 'Too many attempts. Try again later.', message: 'Too many' } }) })
    renderAt('/auth/reset?token=t')
    await choose('a-new-long-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.')
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
  })
})
