/*
 * The workspace switcher and the chrome in a workspace (docs/screens.md#workspace-switcher): shown to members of two
 * or more workspaces, on a computer and a 390 px phone; each entry's kind and role; switching opens the overview in
 * a fresh page acting in the chosen workspace; a new workspace; a client's members see their agency's brand; the
 * screens a role may not open say why; a locked workspace's non-owners are not sent to billing.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentWorkspaceId, rememberWorkspace, WORKSPACE_HEADER } from '#lib/workspace-store'
import { OWNER_ONLY_TEXT, VIEW_ONLY_TEXT } from '#lib/roles'
import { callsTo, chromeApi, renderChrome, setViewport, stubLocation } from '../chrome/chrome-helpers'
import { fixtures, signIn } from '../helpers'
import { agency, brand, client, workspace } from './fixtures'

const personal = workspace()
const three = [personal, agency, client]

beforeEach(() => {
  signIn()
  setViewport(1280)
})
afterEach(() => vi.unstubAllGlobals())

const switcher = () => screen.findByRole('button', { name: /Switch workspace/ })

async function openSwitcher() {
  await userEvent.click(await switcher())
  await waitFor(() => expect(document.querySelector('.workspace-menu')).not.toBeNull())
  return document.querySelector('.workspace-menu') as HTMLElement
}

describe('workspace switcher', () => {
  it('is not shown with one workspace', async () => {
    chromeApi({ 'GET /api/workspaces': [personal] })
    renderChrome('/dashboard')
    await screen.findByText('Page content')
    expect(screen.queryByRole('button', { name: /Switch workspace/ })).not.toBeInTheDocument()
  })

  it('names the current workspace and lists each with its kind and the role there', async () => {
    rememberWorkspace(1, 3)
    chromeApi({ 'GET /api/workspaces': [personal, agency, { ...client, role: 'manager' as const }] })
    renderChrome('/dashboard')
    expect(await switcher()).toHaveAccessibleName('Workspace: Sharma Sweets. Switch workspace')
    // On a computer a client's workspace says whose client it is under its name.
    expect(within(await switcher()).getByText('Client of Spice Digital')).toBeInTheDocument()
    const menu = await openSwitcher()
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent)
    expect(entries).toEqual([
      'AAsha VermaPersonal · Owner',
      'SSpice DigitalAgency · Owner',
      'SSharma SweetsClient of Spice Digital · Manager',
      'New workspace',
    ])
    expect(within(menu).getByLabelText('Current workspace').closest('[role="menuitem"]')).toHaveTextContent('Sharma Sweets')
  })

  it('switching stores the choice and opens the overview in a fresh page, whose calls name the workspace', async () => {
    const location = stubLocation('/feedbacks')
    const api = chromeApi({ 'GET /api/workspaces': three })
    renderChrome('/feedbacks')
    const menu = await openSwitcher()
    await userEvent.click(within(menu).getByText('Spice Digital'))
    expect(location.assign).toHaveBeenCalledWith('/dashboard')
    expect(currentWorkspaceId()).toBe(2)
    // Before the switch the calls named no workspace (the default).
    expect(callsTo(api, 'GET', '/api/businesses')[0].headers[WORKSPACE_HEADER]).toBeUndefined()
  })

  it('choosing the current one does nothing', async () => {
    const location = stubLocation('/dashboard')
    rememberWorkspace(1, 2)
    const api = chromeApi({ 'GET /api/workspaces': three })
    renderChrome('/dashboard')
    const menu = await openSwitcher()
    await userEvent.click(within(menu).getByText('Agency · Owner'))
    expect(location.assign).not.toHaveBeenCalled()
    expect(callsTo(api, 'GET', '/api/businesses')[0].headers[WORKSPACE_HEADER]).toBe('2')
  })

  it('is in the header on a 390 px phone too', async () => {
    setViewport(390)
    const location = stubLocation('/dashboard')
    chromeApi({ 'GET /api/workspaces': three })
    renderChrome('/dashboard')
    const menu = await openSwitcher()
    await userEvent.click(within(menu).getByText('Sharma Sweets'))
    expect(location.assign).toHaveBeenCalledWith('/dashboard')
    expect(currentWorkspaceId()).toBe(3)
  })

  it('"New workspace" creates one (a team or an agency) and opens it', async () => {
    const location = stubLocation('/dashboard')
    const api = chromeApi({
      'GET /api/workspaces': [personal, agency],
      'POST /api/workspaces': { status: 201, body: workspace({ id: 12, name: 'Reviews Agency', kind: 'agency' }) },
    })
    renderChrome('/dashboard')
    const menu = await openSwitcher()
    await userEvent.click(within(menu).getByText('New workspace'))
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' })
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Reviews Agency')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Agency/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'))
    expect(callsTo(api, 'POST', '/api/workspaces')[0].body).toEqual({ name: 'Reviews Agency', kind: 'agency' })
    expect(currentWorkspaceId()).toBe(12)
  })

  it('with one workspace, "New workspace" is in the avatar menu instead, and makes an agency', async () => {
    const location = stubLocation('/dashboard')
    const api = chromeApi({
      'GET /api/workspaces': [personal],
      'POST /api/workspaces': { status: 201, body: workspace({ id: 12, name: 'Reviews Agency', kind: 'agency' }) },
    })
    renderChrome('/dashboard')
    await screen.findByText('Page content')
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /New workspace/ }))
    const dialog = await screen.findByRole('dialog', { name: 'New workspace' })
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Reviews Agency')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Agency/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }))
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/dashboard'))
    expect(callsTo(api, 'POST', '/api/workspaces')[0].body).toEqual({ name: 'Reviews Agency', kind: 'agency' })
    expect(currentWorkspaceId()).toBe(12)
  })

  it('with two or more workspaces, "New workspace" is only in the switcher', async () => {
    chromeApi({ 'GET /api/workspaces': [personal, agency] })
    renderChrome('/dashboard')
    await switcher()
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }))
    await screen.findByRole('menuitem', { name: /Log out/ })
    expect(screen.queryByRole('menuitem', { name: /New workspace/ })).not.toBeInTheDocument()
  })

  it('loads the dashboard again when the stored workspace is no longer the user’s', async () => {
    const location = stubLocation('/dashboard')
    rememberWorkspace(1, 5)
    chromeApi({ 'GET /api/workspaces': three, 'GET /api/businesses': { status: 404, body: { error: 'Workspace not found' } } })
    renderChrome('/dashboard')
    await waitFor(() => expect(location.reload).toHaveBeenCalled())
    expect(currentWorkspaceId()).toBeNull()
  })
})

describe('brand in the chrome', () => {
  it("a client's members see their agency's name and logo instead of ReviewRoute's", async () => {
    rememberWorkspace(1, 3)
    chromeApi({ 'GET /api/workspaces': [personal, { ...client, brand: brand({ logoUrl: 'data:image/png;base64,AAAA' }) }] })
    renderChrome('/dashboard')
    const home = await screen.findByRole('link', { name: 'Spice Digital dashboard' })
    expect(within(home).getByText('Spice Digital')).toBeInTheDocument()
    expect(home.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA')
    expect(screen.queryByRole('link', { name: 'ReviewRoute dashboard' })).not.toBeInTheDocument()
  })

  it('without a logo, the initial on the brand colour; on a phone, at the start of the header', async () => {
    setViewport(390)
    rememberWorkspace(1, 3)
    chromeApi({ 'GET /api/workspaces': three })
    renderChrome('/dashboard')
    // The initial, with the brand's name beside it (tests/chrome/brand-name.test.tsx).
    const name = await within(document.querySelector('.app-header') as HTMLElement).findByText('Spice Digital')
    const mark = name.closest('.app-header-brand')!.querySelector('.workspace-mark')
    expect(mark).toHaveTextContent('S')
    expect(mark).toHaveStyle({ background: '#c2410c' })
  })

  it('everyone else sees ReviewRoute', async () => {
    chromeApi({ 'GET /api/workspaces': [personal] })
    renderChrome('/dashboard')
    expect(await screen.findByRole('link', { name: 'ReviewRoute dashboard' })).toBeInTheDocument()
  })
})

describe('screens by role', () => {
  it('a manager has no Billing: not in the menus, and /billing says only owners open it', async () => {
    chromeApi({ 'GET /api/workspaces': [workspace({ role: 'manager', kind: 'team', name: 'Sharma Team' })] })
    renderChrome('/billing')
    expect(await screen.findByText(OWNER_ONLY_TEXT)).toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
    const sider = document.querySelector('.app-sider') as HTMLElement
    expect(within(sider).queryByText('Billing')).not.toBeInTheDocument()
    expect(within(sider).getByText('Team')).toBeInTheDocument()
  })

  it('a viewer cannot open the send screen: it says their role only views', async () => {
    chromeApi({ 'GET /api/workspaces': [workspace({ role: 'viewer', kind: 'team' })] })
    renderChrome('/dashboard/send')
    expect(await screen.findByText(VIEW_ONLY_TEXT)).toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
  })

  it("an agency's Clients page outside an agency says where it is", async () => {
    chromeApi({ 'GET /api/workspaces': [personal] })
    renderChrome('/dashboard/clients')
    expect(await screen.findByText(/belongs to an agency's workspace/)).toBeInTheDocument()
  })

  it('waits for the workspaces before the screen, so no button shows that the role then takes away', async () => {
    chromeApi({ 'GET /api/workspaces': () => new Promise(() => {}) })
    renderChrome('/dashboard')
    expect(await screen.findByText('Checking your subscription...')).toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
  })

  it('in a locked workspace a manager is told only owners choose a plan, not sent to billing', async () => {
    chromeApi({
      'GET /api/workspaces': [workspace({ role: 'manager', kind: 'team', name: 'Sharma Team' })],
      'GET /api/billing/trial-status': fixtures.trialStatus({ isLimited: true, trialStatus: 'expired', trialDaysRemaining: 0 }),
    })
    renderChrome('/dashboard')
    expect(await screen.findByText('This workspace has no plan')).toBeInTheDocument()
    expect(screen.getByText(/Only its owners can choose a plan/)).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/)
  })
})
