import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import AuthPage from '#site/pages/auth'
import ForgotPasswordPage from '#site/pages/forgot-password'
import { mockFetch, renderAt } from './helpers'

const NEUTRAL = /If an account uses .+, we have sent it a link to choose a new password\./

const PAGES = (
  <Routes>
    <Route path="/auth" element={<AuthPage />} />
    <Route path="/auth/forgot" element={<ForgotPasswordPage />} />
  </Routes>
)

async function ask(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email)
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
}

describe('/auth/forgot', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is linked from the sign-in form, carrying the email typed there', async () => {
    renderAt('/auth?mode=signin', PAGES)
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in')
  })

  it('is not offered on the sign-up form', () => {
    renderAt('/auth?mode=signup', PAGES)
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument()
  })

  it('posts the email and shows the neutral sentence', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/forgot-password': () => ({ status: 202, body: { message: 'Check your email.' } }) })
    renderAt('/auth/forgot', PAGES)
    await ask('  asha@example.in ')
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL)
    expect(calls).toHaveLength(1)
    expect(calls[0].body).toEqual({ email: 'asha@example.in' })
    expect(calls[0].headers.Authorization).toBeUndefined()
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth?mode=signin')
  })

  it('says the same for an address with and without an account, whatever the server says', async () => {
    const sentences: string[] = []
    for (const [email, message] of [
      ['asha@example.in', 'Sent.'],
      ['nobody@example.in', 'Nothing to send.'],
    ]) {
      mockFetch({ 'POST /api/auth/forgot-password': () => ({ status: 202, body: { message } }) })
      const view = renderAt('/auth/forgot', <ForgotPasswordPage />)
      await ask(email)
      sentences.push((await screen.findByRole('status')).textContent!.replace(email, '{email}'))
      view.unmount()
    }
    expect(sentences[0]).toBe(sentences[1])
  })

  it('shows a malformed address under the field (422)', async () => {
    mockFetch({
      'POST /api/auth/forgot-password': () => ({
        status: 422,
        body: {
          error: 'Enter a valid email address',
          message: 'Enter a valid email address',
          errors: [{ field: 'email', message: 'Enter a valid email address' }],
        },
      }),
    })
    renderAt('/auth/forgot', PAGES)
    await ask('asha@example')
    expect(await screen.findByText('Enter a valid email address')).toHaveAttribute('id', 'email-error')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it("shows the server's sentence when asked too often (429)", async () => {
    mockFetch({
      'POST /api/auth/forgot-password': () => ({
        status: 429,
        body: { error: 'Too many requests. Please try again in a few minutes.', message: 'Too many requests', retryAfter: 300 },
      }),
    })
    renderAt('/auth/forgot', PAGES)
    await ask('asha@example.in')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in a few minutes.')
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled()
  })
})
