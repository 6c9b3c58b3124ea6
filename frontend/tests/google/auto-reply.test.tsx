/*
 * The Auto-reply card of the reply templates page (docs/decisions.md D48): an owner turns it on with a delay and
 * 5 stars only (the PUT carries them); a manager reads what it does and has nothing to change.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTO_REPLY_SENTENCE } from '#components/google/auto-reply-card'
import type { WorkspaceRole } from '#lib/roles'
import { rememberWorkspace } from '#lib/workspace-store'
import ReplyTemplatesPage from '#pages/reply-templates'
import { setViewport } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn, type Routes } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { renderInWorkspace } from '../workspaces/render'

beforeEach(() => setViewport(1280))
afterEach(() => vi.unstubAllGlobals())

function renderAs(role: WorkspaceRole, routes: Routes = {}) {
  signIn()
  rememberWorkspace(1, 1)
  const api = fakeApi({
    'GET /api/auth/user': fixtures.user,
    'GET /api/workspaces': [workspace({ role })],
    'GET /api/businesses': [fixtures.business()],
    'GET /api/reply-templates': [],
    'GET /api/google/auto-reply': { enabled: false, delayHours: 2, stars: [4, 5] },
    ...routes,
  })
  renderInWorkspace(<ReplyTemplatesPage />)
  return api
}

describe('Auto-reply card', () => {
  it('an owner turns it on, 5 stars only after 6 hours, and the PUT carries it', async () => {
    const api = renderAs('owner', { 'PUT /api/google/auto-reply': { enabled: true, delayHours: 6, stars: [5] } })
    expect(await screen.findByText(AUTO_REPLY_SENTENCE)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-reply' }))
    const delay = screen.getByRole('spinbutton', { name: 'Delay in hours' })
    await userEvent.clear(delay)
    await userEvent.type(delay, '6')
    await userEvent.click(screen.getByLabelText('5 stars only'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT' && call.path === '/api/google/auto-reply')).toBe(true))
    const put = api.calls.find((call) => call.method === 'PUT' && call.path === '/api/google/auto-reply')!
    expect(put.body).toEqual({ enabled: true, delayHours: 6, stars: [5] })
  })

  it('a manager reads it and has no switch', async () => {
    renderAs('manager', { 'GET /api/google/auto-reply': { enabled: true, delayHours: 3, stars: [5] } })
    expect(await screen.findByText('On: 5 stars only, after 3 hours. Only owners change it.')).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: 'Auto-reply' })).toBeNull()
  })
})
