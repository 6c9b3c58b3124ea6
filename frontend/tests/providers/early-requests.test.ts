/*
 * The first screen's calls started by index.html's early script (providers/early-requests.ts) and taken over by the
 * app (providers/early-data.ts): they must be exactly the calls the screens make, each answered once, and never
 * handed to another signed-in owner or to a later call.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LockGuard } from '#components/access/lock-guard'
import { BusinessesProvider } from '#hooks/use-businesses'
import { WorkspacesProvider } from '#hooks/use-workspaces'
import DashboardPage from '#pages/dashboard'
import { takeEarly } from '#providers/early-data'
import { BUSINESSES_PATH, EARLY_KEY, earlyPaths, recentSessionsPath, startEarlyRequests, WORKSPACES_PATH } from '#providers/early-requests'
import { request } from '#providers/http'
import { sessionsEndpoint } from '../dashboard/fake-sessions'
import { fakeApi, fixtures, renderScreen, signIn, TEST_TOKEN, type FakeApi } from '../helpers'
import { workspace } from '../workspaces/fixtures'

vi.mock('@reviewroute/web-shared/qr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@reviewroute/web-shared/qr')>()),
  qrDataUrl: vi.fn(async () => 'data:image/png;base64,QR'),
}))

const counts = {
  totalSessions: 12,
  positiveSessions: 9,
  negativeSessions: 3,
  redirectedSessions: 9,
  averageRating: 4.1,
  filteredFeedback: 2,
}
const routes = () => ({
  'GET /api/auth/user': fixtures.user,
  'GET /api/billing/trial-status': fixtures.trialStatus(),
  'GET /api/businesses': [fixtures.business({ id: 7 }), fixtures.business({ id: 8, name: 'Second Shop', shortUrl: 'second' })],
  'GET /api/workspaces': [workspace()],
  'GET /api/overview': {
    totals: { ...counts, businesses: 2 },
    businesses: [{ businessId: 7, ...counts, recentGoogleRatings: 9, recentGoogleAverage: 4.6 }],
  },
  'GET /api/review-sessions': sessionsEndpoint([fixtures.session({ id: 1, businessId: 7 })]),
})

/** GETs by path and query, as sent. */
const sent = (api: FakeApi) => api.calls.filter((call) => call.method === 'GET').map((call) => call.url.pathname + call.url.search)

const renderOverview = () =>
  renderScreen(
    createElement(
      WorkspacesProvider,
      null,
      createElement(BusinessesProvider, null, createElement(LockGuard, null, createElement(DashboardPage)))
    ),
    { path: '/dashboard' }
  )

beforeEach(() => window.history.replaceState(null, '', '/dashboard'))
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_KEY]
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

describe('early requests', () => {
  it('are the calls the overview makes itself, written the same way', async () => {
    signIn()
    localStorage.setItem('reviewroute.selectedBusiness', '7')
    const api = fakeApi(routes())
    renderOverview()
    expect(await within(await screen.findByLabelText('Ratings', { selector: '.ant-card' })).findByText('12')).toBeInTheDocument()
    await waitFor(() => expect(sent(api)).toContain(recentSessionsPath(7)))
    // The owner (the welcome banner's name), the lock guard's status, the businesses, the workspaces (what the role
    // may do), the numbers, the newest sessions.
    expect(new Set(sent(api))).toEqual(new Set([...earlyPaths('/dashboard'), recentSessionsPath(7)]))
  })

  it('are sent once: the overview takes their answers instead of asking again', async () => {
    signIn()
    localStorage.setItem('reviewroute.selectedBusiness', '7')
    const api = fakeApi(routes())
    startEarlyRequests()
    expect(sent(api)).toEqual([...earlyPaths('/dashboard'), recentSessionsPath(7)])

    renderOverview()
    expect(await within(await screen.findByLabelText('Ratings', { selector: '.ant-card' })).findByText('12')).toBeInTheDocument()
    await screen.findByText('Chai Point Cafe')
    expect(await request('/api/auth/user')).toEqual(fixtures.user)
    const paths = sent(api)
    // The user's second call went to the network (an early answer is taken once); everything else was asked once.
    expect(paths.filter((path) => path === '/api/auth/user')).toHaveLength(2)
    for (const path of [...earlyPaths('/dashboard').slice(1), recentSessionsPath(7)]) {
      expect(
        paths.filter((candidate) => candidate === path),
        path
      ).toHaveLength(1)
    }
  })

  it('ask for the newest business when none is remembered, once the list is in', async () => {
    signIn()
    const api = fakeApi(routes())
    startEarlyRequests()
    await waitFor(() => expect(sent(api)).toContain(recentSessionsPath(7)))
    expect(sent(api).filter((path) => path.startsWith('/api/review-sessions'))).toHaveLength(1)
  })

  it("ask for the owner's own remembered business when another owner chose one on this device since", async () => {
    signIn()
    localStorage.setItem('reviewroute.selectedBusiness', '21')
    localStorage.setItem(`reviewroute.selectedBusiness.${fixtures.user.id}`, '8')
    const api = fakeApi(routes())
    startEarlyRequests()
    await waitFor(() => expect(sent(api)).toContain(recentSessionsPath(8)))
    expect(sent(api)).not.toContain(recentSessionsPath(7))
  })

  // On a phone's HTTP/1.1 connections (six to a host, shared with the app's files) the first paint's answers must
  // not queue behind what only the app needs (docs/architecture.md#dashboard-on-a-phone).
  it("on the overview, ask for the first paint's four answers first, then the workspaces and the newest ratings", () => {
    signIn()
    localStorage.setItem('reviewroute.selectedBusiness', '7')
    const api = fakeApi(routes())
    startEarlyRequests()
    expect(sent(api)).toEqual([
      '/api/auth/user',
      '/api/billing/trial-status',
      BUSINESSES_PATH,
      '/api/overview',
      WORKSPACES_PATH,
      recentSessionsPath(7),
    ])
  })

  it('ask only for the chrome away from the overview, only for the owner on the operator console', () => {
    expect(earlyPaths('/feedbacks')).toEqual(['/api/auth/user', '/api/billing/trial-status', BUSINESSES_PATH, WORKSPACES_PATH])
    expect(earlyPaths('/admin/users')).toEqual(['/api/auth/user'])
    // The invitation page has no chrome: only who is signed in.
    expect(earlyPaths('/invite')).toEqual(['/api/auth/user'])
  })

  it('send nothing without a usable token', () => {
    const api = fakeApi(routes())
    localStorage.setItem('reviewroute.token', 'null')
    startEarlyRequests()
    expect(api.calls).toHaveLength(0)
    expect((window as unknown as Record<string, unknown>)[EARLY_KEY]).toBeUndefined()
  })

  it('are never handed to another token, a non-GET or a later call', async () => {
    signIn()
    const api = fakeApi(routes())
    startEarlyRequests()
    expect(takeEarly('/api/auth/user', { method: 'POST' })).toBeNull()
    localStorage.setItem('reviewroute.token', `${TEST_TOKEN}-another-owner`)
    expect(takeEarly('/api/auth/user')).toBeNull()
    signIn()
    // Taken (and dropped) above: from now on the network answers.
    expect(takeEarly('/api/auth/user')).toBeNull()
    const trial = takeEarly('/api/billing/trial-status')
    expect(await trial).toMatchObject({ data: fixtures.trialStatus() })
    expect(takeEarly('/api/billing/trial-status')).toBeNull()
    expect(api.calls.filter((call) => call.path === '/api/billing/trial-status')).toHaveLength(1)
  })

  it('hand over a failed answer as the API error it is', async () => {
    signIn()
    fakeApi({ ...routes(), 'GET /api/overview': { status: 503, body: { error: 'Analytics are resting.' } } })
    startEarlyRequests()
    await expect(takeEarly('/api/overview')).rejects.toMatchObject({ status: 503, message: 'Analytics are resting.' })
  })
})
