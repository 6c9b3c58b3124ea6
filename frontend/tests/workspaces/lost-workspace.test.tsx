/*
 * A member removed from the workspace the dashboard acts in (docs/decisions.md D56): the server's 404 names it, the
 * dashboard forgets it, loads again in a workspace they still have and says "You no longer have access to …" once.
 */
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentWorkspaceId, LOST_WORKSPACE_KEY, rememberWorkspace } from '#lib/workspace-store'
import { request } from '#providers/http'
import { LostWorkspaceNotice } from '#components/layout/lost-workspace-notice'
import { stubLocation } from '../chrome/chrome-helpers'
import { fakeApi, signIn } from '../helpers'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const removed = {
  status: 404,
  body: { error: 'Workspace not found', code: 'E_WORKSPACE_ACCESS_ENDED', workspace: { id: 5, name: 'Sharma Sweets' } },
}

describe('a member removed from the workspace', () => {
  it('is moved out of it and told which workspace they no longer have', async () => {
    signIn()
    rememberWorkspace(1, 5)
    const location = stubLocation('/feedbacks')
    fakeApi({ 'GET /api/feedbacks': removed })

    await expect(request('/api/feedbacks')).rejects.toMatchObject({ status: 404 })
    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1))
    expect(currentWorkspaceId()).toBeNull()
    expect(sessionStorage.getItem(LOST_WORKSPACE_KEY)).toBe('Sharma Sweets')

    // The page loaded again says so, once.
    const first = render(<LostWorkspaceNotice />)
    expect(screen.getByRole('alert').textContent).toContain('You no longer have access to Sharma Sweets.')
    first.unmount()
    render(<LostWorkspaceNotice />)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says nothing on a 404 without the code (a workspace that is gone, or never theirs)', async () => {
    signIn()
    rememberWorkspace(1, 5)
    stubLocation('/feedbacks')
    fakeApi({ 'GET /api/feedbacks': { status: 404, body: { error: 'Workspace not found' } }, 'GET /api/workspaces': [] })
    await expect(request('/api/feedbacks')).rejects.toMatchObject({ status: 404 })
    expect(sessionStorage.getItem(LOST_WORKSPACE_KEY)).toBeNull()
    render(<LostWorkspaceNotice />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
