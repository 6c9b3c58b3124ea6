import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import AuthPage from '#site/pages/auth'
import { TOKEN_KEY } from '@reviewroute/web-shared/token'
import type { AuthResponse, OidcConfigResponse } from '@reviewroute/backend/types/api'
import { mockFetch, renderAt, USER } from './helpers'

const TOKEN = 'rr_MQ.a-real-looking-token-value-123'
const SIGNED_IN = { token: TOKEN, user: USER } satisfies AuthResponse

describe('/auth', () => {
  const assign = vi.fn()
  const replace = vi.fn()
  beforeEach(() => {
    localStorage.clear()
    assign.mockReset()
    replace.mockReset()
    vi.stubGlobal('location', { ...window.location, assign, replace })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('signs in, keeps the token and returns to the redirect', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/login': () => ({ body: SIGNED_IN }) })
    renderAt('/auth?mode=signin&redirect=/feedbacks', <AuthPage />)
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/feedbacks'))
    expect(calls.find((call) => call.url === '/api/auth/login')?.body).toEqual({ email: 'asha@example.in', password: 'secret-password' })
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN)
  })

  it('signs up with names and goes to the default dashboard', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/register': () => ({ status: 201, body: SIGNED_IN }) })
    renderAt('/auth?mode=signup', <AuthPage />)
    await userEvent.type(screen.getByLabelText('First name'), 'Asha')
    await userEvent.type(screen.getByLabelText('Last name'), 'Verma')
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-pass')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    expect(calls.find((call) => call.url === '/api/auth/register')?.body).toEqual({
      email: 'asha@example.in',
      password: 'long-enough-pass',
      firstName: 'Asha',
      lastName: 'Verma',
    })
  })

  it('names the Terms of Service and Privacy Policy that creating an account agrees to, with links', () => {
    mockFetch({})
    renderAt('/auth?mode=signup', <AuthPage />)
    const note = screen.getByText(/By creating an account you agree to the/)
    expect(note).toHaveTextContent('By creating an account you agree to the Terms of Service and Privacy Policy.')
    expect(within(note).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    expect(within(note).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
  })

  it('signing in agrees to nothing new, so the note is not there', () => {
    mockFetch({})
    renderAt('/auth?mode=signin', <AuthPage />)
    expect(screen.queryByText(/By creating an account you agree/)).not.toBeInTheDocument()
  })

  it('shows field errors from the server next to their fields', async () => {
    mockFetch({
      'POST /api/auth/register': () => ({
        status: 422,
        body: {
          error: 'An account with this email already exists',
          errors: [{ field: 'email', message: 'An account with this email already exists' }],
        },
      }),
    })
    renderAt('/auth?mode=signup', <AuthPage />)
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-pass')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(assign).not.toHaveBeenCalled()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('shows a wrong-password sentence as a form error', async () => {
    mockFetch({ 'POST /api/auth/login': () => ({ status: 400, body: { error: 'Invalid email or password.' } }) })
    renderAt('/auth?mode=signin', <AuthPage />)
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.')
  })

  it('never redirects off the site', async () => {
    mockFetch({ 'POST /api/auth/login': () => ({ body: SIGNED_IN }) })
    renderAt('/auth?mode=signin&redirect=https://evil.example', <AuthPage />)
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
  })

  // Control characters are dropped by the URL parser: '/\t/evil.example' is '//evil.example', another host.
  it.each(['/%09/evil.example', '/%0A/evil.example', '/%0D/evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never redirects off the site for %s',
    async (target) => {
      mockFetch({ 'POST /api/auth/login': () => ({ body: SIGNED_IN }) })
      renderAt(`/auth?mode=signin&redirect=${target}`, <AuthPage />)
      await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in')
      await userEvent.type(screen.getByLabelText('Password'), 'secret-password')
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    }
  )

  it('an owner already signed in goes straight to the redirect', () => {
    localStorage.setItem(TOKEN_KEY, TOKEN)
    renderAt('/auth?mode=signin&redirect=/billing', <AuthPage />)
    expect(replace).toHaveBeenCalledWith('/billing')
  })

  it('signing up from an invitation: the invited address is filled in, and no trial is promised to someone joining a team', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/register': () => ({ status: 201, body: SIGNED_IN }) })
    const invite = '/invite?token=k3Jq9-invitation-token'
    renderAt(`/auth?${new URLSearchParams({ mode: 'signup', redirect: invite, email: 'meera@example.in' })}`, <AuthPage />)
    expect(screen.getByRole('heading', { name: 'Create your account to join' })).toBeInTheDocument()
    expect(screen.getByText('Then accept the invitation you were sent. Use the address it was sent to.')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/trial/i)
    expect(screen.getByLabelText('Email')).toHaveValue('meera@example.in')
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-pass')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(invite))
    expect(calls.find((call) => call.url === '/api/auth/register')?.body).toMatchObject({ email: 'meera@example.in' })
    // Signing in instead keeps the address too.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth?mode=signin&redirect=${encodeURIComponent(invite)}&email=meera%40example.in`
    )
  })

  it('signing in from an invitation: the address is filled in', () => {
    mockFetch({})
    renderAt(`/auth?${new URLSearchParams({ mode: 'signin', redirect: '/invite?token=abc', email: 'meera@example.in' })}`, <AuthPage />)
    expect(screen.getByLabelText('Email')).toHaveValue('meera@example.in')
  })

  it('a plain sign-up still offers the trial', () => {
    mockFetch({})
    renderAt('/auth?mode=signup', <AuthPage />)
    expect(screen.getByText(/day free trial\. No card needed\./)).toBeInTheDocument()
  })

  it('links to the other mode keeping the redirect', () => {
    renderAt('/auth?mode=signin&redirect=/billing?source=signup', <AuthPage />)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&redirect=%2Fbilling%3Fsource%3Dsignup'
    )
  })
})

describe('/auth: Continue with Google (docs/decisions.md D29)', () => {
  const GOOGLE = { enabled: true, name: 'Google' } satisfies OidcConfigResponse
  const configCalls = (calls: { url: string }[]) => calls.filter((call) => call.url === '/api/auth/oidc/config')

  beforeEach(() => localStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it.each([
    ['signin', '/auth?mode=signin&redirect=/feedbacks', '/api/auth/oidc/start?mode=signin&redirect=%2Ffeedbacks'],
    [
      'signup',
      '/auth?mode=signup&redirect=/billing?source=signup',
      '/api/auth/oidc/start?mode=signup&redirect=%2Fbilling%3Fsource%3Dsignup',
    ],
  ])('on %s, links to the server with the mode and the redirect', async (_mode, url, href) => {
    mockFetch({ 'GET /api/auth/oidc/config': () => ({ body: GOOGLE }) })
    renderAt(url, <AuthPage />)
    const button = await screen.findByRole('link', { name: 'Continue with Google' })
    expect(button).toHaveAttribute('href', href)
    expect(button.querySelector('svg')).not.toBeNull()
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument()
    // The email form stays below it.
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })

  it("uses the server's name for the provider", async () => {
    mockFetch({ 'GET /api/auth/oidc/config': () => ({ body: { enabled: true, name: 'Acme ID' } }) })
    renderAt('/auth?mode=signin', <AuthPage />)
    expect(await screen.findByRole('link', { name: 'Continue with Acme ID' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/start?mode=signin&redirect=%2Fdashboard'
    )
  })

  it.each(['https://evil.example/x', '//evil.example', '/%09/evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'sends an unsafe redirect (%s) as the default /dashboard',
    async (target) => {
      mockFetch({ 'GET /api/auth/oidc/config': () => ({ body: GOOGLE }) })
      renderAt(`/auth?mode=signin&redirect=${target}`, <AuthPage />)
      expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
        'href',
        '/api/auth/oidc/start?mode=signin&redirect=%2Fdashboard'
      )
    }
  )

  it('is not offered when the server says it is off', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/oidc/config': () => ({ body: { enabled: false, name: 'Google' } }) })
    renderAt('/auth?mode=signin', <AuthPage />)
    await waitFor(() => expect(configCalls(calls)).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('separator', { name: 'or' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('is not offered when the server cannot say (an older server answers 404)', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/oidc/config': () => ({ status: 404, body: { error: 'Not found' } }) })
    renderAt('/auth?mode=signup', <AuthPage />)
    await waitFor(() => expect(configCalls(calls)).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument()
  })
})
