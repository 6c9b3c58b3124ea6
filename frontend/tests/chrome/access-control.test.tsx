/*
 * The menus and the lock guard follow Refine's access control provider (providers/access-control.ts, read from
 * lib/screens.ts): a screen it refuses is in no menu, and its address shows the provider's reason instead of the
 * screen. The first test gives Refine a provider of its own, so a menu or guard that decided by itself would fail it.
 */
import type { AccessControlProvider } from '@refinedev/core'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { signIn } from '../helpers'
import { workspace } from '../workspaces/fixtures'
import { chromeApi, renderChrome, setViewport } from './chrome-helpers'

beforeEach(() => {
  signIn()
  setViewport(1280)
})
afterEach(() => vi.unstubAllGlobals())

const sider = () => document.querySelector('.app-sider') as HTMLElement

describe('access control provider in the chrome', () => {
  it("hides what Refine's provider refuses from the menus, and shows its reason at that address", async () => {
    chromeApi({ 'GET /api/workspaces': [workspace()] })
    const can = vi.fn<AccessControlProvider['can']>(async ({ resource }) =>
      resource === 'analytics' ? { can: false, reason: 'Analytics are closed here.' } : { can: true }
    )
    renderChrome('/dashboard/analytics', undefined, { can })
    expect(await screen.findByText('Analytics are closed here.')).toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
    expect(within(sider()).queryByText('Analytics')).not.toBeInTheDocument()
    expect(within(sider()).getByText('Customers')).toBeInTheDocument()
    // Asked about the member it is for: the workspace's role and kind.
    expect(can).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: 'analytics',
        action: 'list',
        params: expect.objectContaining({ member: { role: 'owner', kind: 'personal' } }),
      })
    )
  })

  it("the app's provider: a viewer is offered no 'Ask for a review', and /dashboard/send-list says their role only views", async () => {
    chromeApi({ 'GET /api/workspaces': [workspace({ role: 'viewer', kind: 'team' })] })
    renderChrome('/dashboard/send-list')
    expect(await screen.findByText(/Your role in this workspace can only view/)).toBeInTheDocument()
    expect(within(sider()).queryByText('Ask for a review')).not.toBeInTheDocument()
    expect(within(sider()).getByText('Requests')).toBeInTheDocument()
  })

  it('an owner of an agency is offered Clients and Brand, which an owner elsewhere is not', async () => {
    chromeApi({ 'GET /api/workspaces': [workspace({ kind: 'agency', name: 'Spice Digital' })] })
    renderChrome('/dashboard/brand')
    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(within(sider()).getByText('Clients')).toBeInTheDocument()
    expect(within(sider()).getByText('Brand')).toBeInTheDocument()
  })
})
