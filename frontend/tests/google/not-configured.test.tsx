/**
 * Google before the click (docs/decisions.md D59): a server without Google's OAuth client says so on the Google
 * screen and in the inbox, and offers no Connect button that could only fail; the demo Business Profile of a
 * development machine says it is a demo, and a reply to its reviews says it stayed here.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GoogleReviewList } from '#components/google/google-review-list'
import { GOOGLE_NOT_SET_UP } from '#lib/google'
import { rememberWorkspace } from '#lib/workspace-store'
import GooglePage from '#pages/google'
import { setViewport } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'
import { googleReview } from './fixtures'

vi.setConfig({ testTimeout: 60_000 })
beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const notConfigured = { connected: false, configured: false, demo: false, email: null, locations: 0, lastSyncAt: null, error: null }
const demo = {
  connected: true,
  configured: false,
  demo: true,
  email: 'demo-business-profile@reviewroute.in',
  locations: 1,
  lastSyncAt: '2026-11-28T09:00:00.000Z',
  error: null,
}

function renderAs(element: ReactElement, routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role: 'owner' })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/google/connection': notConfigured,
    'GET /api/google/locations': [],
    'GET /api/google-reviews/stats': {
      total: 0,
      averageRating: null,
      byStars: {},
      replied: 0,
      responseRate: null,
      medianResponseHours: null,
      unanswered: 0,
      unansweredNegative: 0,
    },
    'GET /api/google-reviews': { status: 200, body: [], headers: { 'x-total-count': '0' } },
    'GET /api/reply-templates': [],
    ...routes,
  })
  renderInWorkspace(element)
  return api
}

describe('Google not configured on this server', () => {
  it('the Google screen says so before any click, and its Connect button is disabled', async () => {
    const api = renderAs(<GooglePage />)
    // The first screen of the file loads antd and Refine: a busy machine takes seconds.
    expect(await screen.findByText(GOOGLE_NOT_SET_UP)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Connect Google/ })).toBeDisabled()
    expect(api.calls.some((call) => call.path === '/api/google/connect/start')).toBe(false)
  })

  it('the inbox says so too, without a Connect button or a promise of the next sync', async () => {
    renderAs(<GoogleReviewList business={fixtures.business()} />)
    expect(await screen.findByText(GOOGLE_NOT_SET_UP)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Connect Google/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/after the next sync/)).not.toBeInTheDocument()
  })
})

describe('the demo Business Profile', () => {
  it('says it is a demo on the Google screen', async () => {
    renderAs(<GooglePage />, { 'GET /api/google/connection': demo })
    expect(await screen.findByText(/demo Business Profile/)).toBeInTheDocument()
    expect(screen.getByText(/nothing is sent to Google/i)).toBeInTheDocument()
  })

  it('a reply says it was saved here only', async () => {
    renderAs(<GoogleReviewList business={fixtures.business()} />, {
      'GET /api/google/connection': demo,
      'GET /api/google-reviews': { status: 200, body: [googleReview()], headers: { 'x-total-count': '1' } },
      'PUT /api/google-reviews/31/reply': googleReview({ reply: { comment: 'Thank you!', updateTime: null } }),
    })
    await screen.findByText('Lovely masala chai and quick service.')
    await userEvent.click(screen.getByText('Reply', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByRole('textbox'), 'Thank you!')
    await userEvent.click(within(dialog).getByRole('button', { name: /Save reply|Post/ }))
    expect(await screen.findByText('Reply Saved Here (Demo)')).toBeInTheDocument()
    expect(screen.queryByText('Your reply is on Google.')).not.toBeInTheDocument()
  })
})
