/*
 * The workspace a call acts in (lib/workspace-store.ts): every API call, the early first-screen requests and file
 * downloads name it in X-Workspace-Id; a 404 for a workspace the user has left forgets it and loads the dashboard
 * again; the choice is each user's, and another user's choice on the same device is never theirs.
 * An isolated test file (vite.config.ts): providers/http.ts keeps its membership check in flight in module state, which
 * another file's unanswered check would hold.
 */
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchFile } from '#lib/file-download'
import {
  currentWorkspaceId,
  forgetWorkspace,
  rememberWorkspace,
  settleWorkspace,
  switchWorkspace,
  userChoice,
  WORKSPACE_HEADER,
  WORKSPACE_KEY,
} from '#lib/workspace-store'
import { takeEarly } from '#providers/early-data'
import { EARLY_KEY, startEarlyRequests } from '#providers/early-requests'
import { request, workspaceCheck } from '#providers/http'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, fixtures, signIn } from '../helpers'
import { workspace } from './fixtures'

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_KEY]
  vi.unstubAllGlobals()
})

const headerOf = (call: { headers: Record<string, string> }) => call.headers[WORKSPACE_HEADER]

describe('the workspace a call acts in', () => {
  it('names no workspace until one is chosen (the server uses the default), then the chosen one on every call', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/businesses': [], 'POST /api/customers': { status: 201, body: {} } })
    await request('/api/businesses')
    expect(headerOf(api.calls[0])).toBeUndefined()

    rememberWorkspace(1, 5)
    await request('/api/businesses')
    await request('/api/customers', { method: 'POST', body: { name: 'Meena' } })
    expect(api.calls.slice(1).map(headerOf)).toEqual(['5', '5'])
  })

  it('leaves it out of a call about the account (`workspace: false`)', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const api = fakeApi({ 'POST /api/workspaces': { status: 201, body: workspace({ id: 9 }) } })
    await request('/api/workspaces', { method: 'POST', body: { name: 'Team' }, workspace: false })
    expect(headerOf(api.calls[0])).toBeUndefined()
  })

  it('sends it with a file download too', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const api = fakeApi({ 'GET /api/billing/invoices/3/pdf': { status: 200, body: 'pdf' } })
    await fetchFile('/api/billing/invoices/3/pdf', 'application/pdf')
    expect(headerOf(api.calls[0])).toBe('5')
  })

  it('on a 404 in a workspace the user no longer has, forgets it and loads the dashboard again', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const location = stubLocation('/feedbacks')
    const api = fakeApi({
      'GET /api/feedbacks': { status: 404, body: { error: 'Workspace not found' } },
      'GET /api/workspaces': [workspace({ id: 1 })],
    })
    await expect(request('/api/feedbacks')).rejects.toMatchObject({ status: 404 })
    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1))
    // The check itself names no workspace: it asks which ones the user has.
    expect(headerOf(api.calls.find((call) => call.path === '/api/workspaces')!)).toBeUndefined()
    expect(currentWorkspaceId()).toBeNull()
    expect(userChoice(1)).toBeNull()
  })

  it('keeps the workspace on a 404 of something in it (a business that is gone)', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const location = stubLocation('/business/70')
    const api = fakeApi({
      'GET /api/analytics/70': { status: 404, body: { error: 'Business not found' } },
      'GET /api/workspaces': [workspace({ id: 1 }), workspace({ id: 5, kind: 'team', name: 'Team' })],
    })
    await expect(request('/api/analytics/70')).rejects.toMatchObject({ status: 404 })
    await workspaceCheck()
    expect(api.calls.some((call) => call.path === '/api/workspaces')).toBe(true)
    expect(location.reload).not.toHaveBeenCalled()
    expect(currentWorkspaceId()).toBe(5)
  })

  it('does not check anything on a 404 when no workspace was named', async () => {
    signIn()
    const api = fakeApi({ 'GET /api/analytics/70': { status: 404, body: { error: 'Business not found' } } })
    await expect(request('/api/analytics/70')).rejects.toMatchObject({ status: 404 })
    await workspaceCheck()
    expect(api.calls.map((call) => call.path)).toEqual(['/api/analytics/70'])
  })
})

describe('early requests', () => {
  it('name the device’s workspace, and are handed only to calls naming the same one', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const api = fakeApi({
      'GET /api/auth/user': fixtures.user,
      'GET /api/billing/trial-status': fixtures.trialStatus(),
      'GET /api/businesses': [],
      'GET /api/workspaces': [workspace(), workspace({ id: 5, kind: 'team' })],
    })
    window.history.replaceState(null, '', '/feedbacks')
    startEarlyRequests()
    expect(api.calls.map(headerOf)).toEqual(['5', '5', '5', '5'])
    // A call naming another workspace goes to the network; one naming the same takes the early answer.
    expect(takeEarly('/api/billing/trial-status', { headers: { [WORKSPACE_HEADER]: '8' } })).toBeNull()
    expect(takeEarly('/api/auth/user', {})).toBeNull()
    expect(await takeEarly('/api/workspaces', { headers: { [WORKSPACE_HEADER]: '5' } })).toMatchObject({ data: [{ id: 1 }, { id: 5 }] })
    window.history.replaceState(null, '', '/')
  })

  it('name none before a workspace is chosen', () => {
    signIn()
    const api = fakeApi({})
    window.history.replaceState(null, '', '/feedbacks')
    startEarlyRequests()
    expect(api.calls.map(headerOf)).toEqual([undefined, undefined, undefined, undefined])
    window.history.replaceState(null, '', '/')
  })
})

describe('each user’s own choice (settleWorkspace)', () => {
  it('keeps a choice that is still one of the user’s, with nothing to load again', () => {
    rememberWorkspace(1, 5)
    expect(settleWorkspace(1, [1, 5], 1)).toEqual({ workspaceId: 5, reload: false })
    expect(currentWorkspaceId()).toBe(5)
  })

  it('drops a workspace the user left, and loads again in the default', () => {
    rememberWorkspace(1, 5)
    expect(settleWorkspace(1, [1], 1)).toEqual({ workspaceId: null, reload: true })
    expect(currentWorkspaceId()).toBeNull()
    expect(userChoice(1)).toBeNull()
  })

  it('never takes another user’s choice on this device: their own one, loaded again', () => {
    rememberWorkspace(2, 9)
    rememberWorkspace(1, 5)
    rememberWorkspace(2, 9)
    expect(currentWorkspaceId()).toBe(9)
    expect(settleWorkspace(1, [1, 5], 1)).toEqual({ workspaceId: 5, reload: true })
    expect(currentWorkspaceId()).toBe(5)
    expect(JSON.parse(localStorage.getItem(WORKSPACE_KEY)!)).toEqual({ user: 1, workspace: 5 })
  })

  it('back in a signed-out browser: the user’s own last choice, loaded again when it is not the default', () => {
    rememberWorkspace(1, 5)
    localStorage.removeItem(WORKSPACE_KEY)
    expect(settleWorkspace(1, [1, 5], 1)).toEqual({ workspaceId: 5, reload: true })
    forgetWorkspace(1)
    rememberWorkspace(1, 1)
    localStorage.removeItem(WORKSPACE_KEY)
    // Their choice is the default itself: the calls already acted in it.
    expect(settleWorkspace(1, [1, 5], 1)).toEqual({ workspaceId: 1, reload: false })
  })

  it('without any choice: the default, nothing to load again', () => {
    expect(settleWorkspace(1, [1, 5], 1)).toEqual({ workspaceId: null, reload: false })
  })

  it('ignores a stored value that is not a choice', () => {
    localStorage.setItem(WORKSPACE_KEY, '{"user":1,"workspace":"5"}')
    expect(currentWorkspaceId()).toBeNull()
    localStorage.setItem(WORKSPACE_KEY, 'not json')
    expect(currentWorkspaceId()).toBeNull()
  })

  it('switching stores the choice and opens the overview from a fresh page', () => {
    const location = stubLocation('/business/7')
    switchWorkspace(1, 5)
    expect(currentWorkspaceId()).toBe(5)
    expect(userChoice(1)).toBe(5)
    expect(location.assign).toHaveBeenCalledWith('/dashboard')
  })
})
