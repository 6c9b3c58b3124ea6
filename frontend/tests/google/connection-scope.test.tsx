/*
 * The Google connection card (docs/screens.md#google, docs/decisions.md D58): Connect and Disconnect only for those
 * the API lets connect (owners, managers of the whole workspace), and where the import of the reviews is (queued,
 * running, done, failed with Google's words), read again while it moves on.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GOOGLE_CONNECTION_DENIED } from '@reviewroute/backend/contract/google_connection'
import { CONTROL_CHARACTERS_MESSAGE } from '@reviewroute/backend/contract/plain_text'
import { GoogleReviewList } from '#components/google/google-review-list'
import type { WorkspaceRole } from '#lib/roles'
import { rememberWorkspace } from '#lib/workspace-store'
import GooglePage from '#pages/google'
import { setViewport } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'
import { googleConnection, googleReview } from './fixtures'

vi.setConfig({ testTimeout: 60_000 })
beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

const notConnected = googleConnection({ connected: false, email: null, locations: 0 })

function renderAs(role: WorkspaceRole, businessIds: number[] | null, routes: Routes = {}, element = <GooglePage />) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role, businessIds })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/google/connection': googleConnection(),
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
    'GET /api/google-reviews': { status: 200, body: [googleReview()], headers: { 'x-total-count': '1' } },
    'GET /api/reply-templates': [],
    ...routes,
  })
  renderInWorkspace(element)
  return api
}

describe('Google connection card: who connects', () => {
  it('a manager limited to some businesses is offered neither Connect nor Disconnect, and is told who can', async () => {
    renderAs('manager', [fixtures.business().id], { 'GET /api/google/connection': notConnected })
    expect(await screen.findByText(GOOGLE_CONNECTION_DENIED)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Connect Google/ })).not.toBeInTheDocument()
  })

  it('connected: a limited manager sees the connection without Disconnect; a manager of the whole workspace has it', async () => {
    renderAs('manager', [fixtures.business().id])
    expect(await screen.findByText('owner@gmail.com')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Disconnect/ })).not.toBeInTheDocument()
  })

  it('a manager of the whole workspace is offered Disconnect', async () => {
    renderAs('manager', null)
    expect(await screen.findByRole('button', { name: /Disconnect/ })).toBeInTheDocument()
  })
})

describe('Google connection card: the import of the reviews', () => {
  it('queued, then running, then done: the card reads the connection again while the import moves on', async () => {
    const answers = [
      googleConnection({ importStatus: 'queued' }),
      googleConnection({ importStatus: 'running' }),
      googleConnection({ importStatus: 'done' }),
    ]
    const api = renderAs('owner', null, { 'GET /api/google/connection': () => (answers.length > 1 ? answers.shift() : answers[0]) })
    expect(await screen.findByText('Queued: starts in a moment')).toBeInTheDocument()
    expect(await screen.findByText('Importing your reviews…')).toBeInTheDocument()
    expect(await screen.findByText('Done')).toBeInTheDocument()
    const reads = api.calls.filter((call) => call.path === '/api/google/connection').length
    expect(reads).toBeGreaterThanOrEqual(3)
  })

  it("a failed import says so in Google's words", async () => {
    const words = 'Google answered 403: The caller does not have permission'
    renderAs('owner', null, { 'GET /api/google/connection': googleConnection({ importStatus: 'failed', importError: words }) })
    expect(await screen.findByText('The import of your Google reviews failed')).toBeInTheDocument()
    expect(screen.getByText(words)).toBeInTheDocument()
    expect(screen.getByText('Failed')).toBeInTheDocument()
  })
})

describe('Google reply drawer: plain text', () => {
  it('a reply with a control character is not offered for posting, and says why', async () => {
    renderAs('owner', null, {}, <GoogleReviewList business={fixtures.business()} />)
    await screen.findByText('Lovely masala chai and quick service.')
    await userEvent.click(screen.getByText('Reply', { selector: 'button span' }))
    const drawer = await screen.findByRole('dialog')
    await userEvent.click(within(drawer).getByLabelText('Your reply'))
    await userEvent.paste('Thank you\u0007 for coming')
    expect(await within(drawer).findByText(CONTROL_CHARACTERS_MESSAGE)).toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: /Post reply/ })).toBeDisabled()
  })
})
