import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtures, signIn } from '../helpers'
import { callsTo, chromeApi, renderChrome, setViewport } from './chrome-helpers'

const UNVERIFIED = { ...fixtures.user, emailVerified: false }
// Left out of the answer: JSON drops a field whose value is undefined.
const FROM_AN_OLDER_SERVER = { ...fixtures.user, emailVerified: undefined }
const TITLE = 'Please verify your email address'
// A regular expression: antd keeps its leaving spinner ("loading") in the name for a while after a request.
const RESEND = { name: /Resend verification email/ }

beforeEach(() => {
  signIn()
  setViewport(1280)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('email verification banner (docs/decisions.md D29)', () => {
  it.each(['/dashboard', '/feedbacks', '/profile', '/billing'])('is shown on %s while the address is unverified', async (path) => {
    chromeApi({ 'GET /api/auth/user': UNVERIFIED })
    renderChrome(path)
    expect(await screen.findByText(TITLE)).toBeInTheDocument()
    expect(screen.getByText(/We sent a link to asha@example\.in/)).toBeInTheDocument()
    expect(screen.getByText('Page content')).toBeInTheDocument()
  })

  it('is shown on the billing screen of a locked account too', async () => {
    chromeApi({
      'GET /api/auth/user': UNVERIFIED,
      'GET /api/billing/trial-status': fixtures.trialStatus({
        isTrialActive: false,
        trialStatus: 'expired',
        trialDaysRemaining: 0,
        isLimited: true,
      }),
    })
    renderChrome('/billing')
    expect(await screen.findByText(TITLE)).toBeInTheDocument()
  })

  it('is not shown once the address is verified', async () => {
    chromeApi()
    renderChrome('/dashboard')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    await screen.findByText('Hi, Asha!')
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument()
  })

  it('is not shown by a server that does not send emailVerified', async () => {
    chromeApi({ 'GET /api/auth/user': FROM_AN_OLDER_SERVER })
    renderChrome('/dashboard')
    await screen.findByText('Hi, Asha!')
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument()
  })

  it('resends the link: 202 → a success toast', async () => {
    const api = chromeApi({
      'GET /api/auth/user': UNVERIFIED,
      'POST /api/auth/resend-verification': { status: 202, body: { message: 'Verification email sent.' } },
    })
    renderChrome('/dashboard')
    await userEvent.click(await screen.findByRole('button', RESEND))
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument()
    expect(screen.getByText('Check asha@example.in for the link.')).toBeInTheDocument()
    expect(document.querySelector('.ant-notification-notice-success')).not.toBeNull()
    expect(callsTo(api, 'POST', '/api/auth/resend-verification')).toHaveLength(1)
    expect(callsTo(api, 'POST', '/api/auth/resend-verification')[0].headers.Authorization).toMatch(/^Bearer /)
  })

  it("a refused resend (429) shows the server's sentence", async () => {
    chromeApi({
      'GET /api/auth/user': UNVERIFIED,
      'POST /api/auth/resend-verification': {
        status: 429,
        body: { error: 'Please wait a few minutes before asking for another email.', message: 'Too many requests', retryAfter: 120 },
      },
    })
    renderChrome('/dashboard')
    await userEvent.click(await screen.findByRole('button', RESEND))
    expect(await screen.findByText('Resend Failed')).toBeInTheDocument()
    expect(screen.getByText('Please wait a few minutes before asking for another email.')).toBeInTheDocument()
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull()
    await waitFor(() => expect(screen.getByRole('button', RESEND)).toBeEnabled())
  })
})
