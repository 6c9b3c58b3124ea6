import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fixtures, signIn } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { callsTo, chromeApi, renderChrome, setViewport, tick } from './chrome-helpers'

/** Someone who signed up to join a team: their own personal workspace, and the team they joined. */
const INVITEE_PERSONAL = workspace({ id: 1, name: "Meera's businesses" })
const JOINED_TEAM = workspace({ id: 4, name: 'Sharma Team', kind: 'team', role: 'manager' })

const expired = fixtures.trialStatus({ isTrialActive: false, trialStatus: 'expired', trialDaysRemaining: 0, isLimited: true })

beforeEach(() => {
  signIn()
  setViewport(1280)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('lock guard (docs/product-rules.md#trial)', () => {
  it('shows "Checking your subscription..." and not the screen while the status loads', async () => {
    chromeApi({ 'GET /api/billing/trial-status': () => new Promise(() => {}) })
    renderChrome('/dashboard')
    expect(await screen.findByText('Checking your subscription...')).toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
  })

  it('sends a locked owner from /dashboard to /billing', async () => {
    chromeApi({ 'GET /api/billing/trial-status': expired })
    renderChrome('/dashboard')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/billing$/))
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.queryByText('Checking your subscription...')).not.toBeInTheDocument()
  })

  it.each(['/feedbacks', '/dashboard/businesses', '/business/7'])('sends a locked owner from %s to /billing', async (path) => {
    chromeApi({ 'GET /api/billing/trial-status': expired })
    renderChrome(path)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/billing$/))
  })

  it.each(['/profile', '/billing'])('lets a locked owner stay on %s', async (path) => {
    chromeApi({ 'GET /api/billing/trial-status': expired })
    renderChrome(path)
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(path)
  })

  it('locks when the server says the workspace is locked, whatever the trial fields say', async () => {
    chromeApi({
      'GET /api/billing/trial-status': fixtures.trialStatus({
        isTrialActive: true,
        trialDaysRemaining: 0,
        isLimited: true,
        isLocked: true,
      }),
    })
    renderChrome('/dashboard')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/billing$/))
  })

  it('keeps an owner in an active trial where they are, the banner above the screen', async () => {
    chromeApi({ 'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 5 }) })
    renderChrome('/dashboard')
    const content = await screen.findByText('Page content')
    const banner = screen.getByText('5 days left in your free trial')
    expect(banner.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/)
  })

  it('keeps an owner whose cancelled plan still runs', async () => {
    chromeApi({
      'GET /api/billing/trial-status': fixtures.trialStatus({
        isTrialActive: false,
        trialStatus: 'expired',
        trialDaysRemaining: 0,
        hasActiveSubscription: true,
        subscriptionStatus: 'cancelled',
        currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      }),
    })
    renderChrome('/feedbacks')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/feedbacks$/)
  })

  it("locks on the server's isLocked alone, not on the trial fields", async () => {
    chromeApi({ 'GET /api/billing/trial-status': { ...expired, isLimited: false, isLocked: false } })
    renderChrome('/feedbacks')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/feedbacks$/)
  })

  it('a workspace that starts on the free plan (a client, a team: no trial, not locked) opens every screen and its whole menu', async () => {
    chromeApi({
      'GET /api/billing/trial-status': { ...expired, trialEndsAt: null, isLimited: true, isLocked: false },
    })
    renderChrome('/dashboard/businesses')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/businesses$/)
    const menu = document.querySelector('.app-sider') as HTMLElement
    for (const name of ['Dashboard', 'Customers', 'Businesses', 'Feedback'])
      expect(within(menu).getByRole('link', { name: new RegExp(name) }), name).toBeInTheDocument()
    expect(screen.queryByText(/left in your free trial/)).not.toBeInTheDocument()
  })

  it("an invitee's empty personal workspace does not sell the trial: no banner, no Upgrade", async () => {
    chromeApi({
      'GET /api/workspaces': [INVITEE_PERSONAL, JOINED_TEAM],
      'GET /api/businesses': [],
      'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 6, freePlan: { keepsWorking: null, paused: [] } }),
    })
    renderChrome('/dashboard')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.queryByText(/left in your free trial/)).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument()
  })

  it('the trial banner stays once that workspace holds a business, and for someone in no other workspace', async () => {
    const withBusiness = fixtures.trialStatus({ trialDaysRemaining: 6 })
    chromeApi({ 'GET /api/workspaces': [INVITEE_PERSONAL, JOINED_TEAM], 'GET /api/billing/trial-status': withBusiness })
    const { unmount } = renderChrome('/dashboard')
    expect(await screen.findByText('6 days left in your free trial')).toBeInTheDocument()
    unmount()

    chromeApi({
      'GET /api/workspaces': [INVITEE_PERSONAL],
      'GET /api/businesses': [],
      'GET /api/billing/trial-status': fixtures.trialStatus({ trialDaysRemaining: 6, freePlan: { keepsWorking: null, paused: [] } }),
    })
    renderChrome('/dashboard')
    expect(await screen.findByText('6 days left in your free trial')).toBeInTheDocument()
  })

  it('lets the owner keep working when the status cannot be read (the server still enforces limits)', async () => {
    chromeApi({ 'GET /api/billing/trial-status': { status: 503, body: { error: 'Service unavailable' } } })
    renderChrome('/dashboard')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/)
  })

  it('reads the status again every 60 s, and a lock that appears sends the owner to /billing', async () => {
    vi.useFakeTimers()
    let answer = fixtures.trialStatus({ trialDaysRemaining: 1 })
    const api = chromeApi({ 'GET /api/billing/trial-status': () => answer })
    renderChrome('/dashboard')
    await tick(100)
    expect(screen.getByText('Page content')).toBeInTheDocument()
    expect(callsTo(api, 'GET', '/api/billing/trial-status')).toHaveLength(1)

    await tick(59_000)
    expect(callsTo(api, 'GET', '/api/billing/trial-status')).toHaveLength(1)
    answer = expired
    await tick(1_000)
    expect(callsTo(api, 'GET', '/api/billing/trial-status')).toHaveLength(2)
    await tick(100)
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/billing$/)

    await tick(60_000)
    expect(callsTo(api, 'GET', '/api/billing/trial-status')).toHaveLength(3)
  })
})
