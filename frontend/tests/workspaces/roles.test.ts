/*
 * What each role may do in the dashboard (lib/roles.ts), read from the API's own rule, and what the navigation
 * offers for it (lib/nav.ts, as the access control provider answers from lib/screens.ts): an owner everything, a
 * manager no billing and no team changes, a viewer nothing that writes; an agency's pages only in an agency's
 * workspace.
 */
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { describe, expect, it } from 'vitest'
import { BOTTOM_NAV, LOCKED_NAV, navItems, SIDE_NAV, type NavItem } from '#lib/nav'
import { kindLabel, permissionsOf, scopeText, UNKNOWN_ROLE, type WorkspaceRole } from '#lib/roles'
import { memberOf, screenAt } from '#lib/screens'
import { accessControlProvider } from '#providers/access-control'
import { agency, client, workspace } from './fixtures'

const can = (resource: string | undefined, action: string, role: WorkspaceRole, kind: WorkspaceDto) =>
  accessControlProvider.can({ resource, action, params: { member: memberOf({ ...kind, role }) } }).then((answer) => answer.can)

/** The items of `items` the provider lets `role` open in `kind`, as the menus show them. */
async function visible(items: NavItem[], role: WorkspaceRole, kind = workspace(), locked = false) {
  const shown: string[] = []
  for (const item of navItems(items, locked)) if (await can(item.resource, item.action, role, kind)) shown.push(item.key)
  return shown
}

const keys = (role: WorkspaceRole, kind = workspace(), locked = false) => visible(SIDE_NAV, role, kind, locked)

/** Whether the provider lets `role` open the screen at `path` (the lock guard's question). */
const mayOpen = (path: string, role: WorkspaceRole, kind: WorkspaceDto) => {
  const screen = screenAt(path)
  return can(screen?.resource, screen?.action ?? 'list', role, kind)
}

describe('permissions of each role', () => {
  it('an owner does everything', () => {
    expect(permissionsOf('owner')).toEqual({
      role: 'owner',
      manageBusinesses: true,
      removeBusinesses: true,
      edit: true,
      billing: true,
      manageTeam: true,
      brand: true,
      whatsApp: true,
      manageWorkspace: true,
    })
  })

  it('a manager works with businesses, feedback, customers and requests: no removing a business, billing, team, brand or WhatsApp number', () => {
    expect(permissionsOf('manager')).toEqual({
      role: 'manager',
      manageBusinesses: true,
      removeBusinesses: false,
      edit: true,
      billing: false,
      manageTeam: false,
      brand: false,
      whatsApp: false,
      manageWorkspace: false,
    })
  })

  it('a viewer changes nothing', () => {
    const viewer = permissionsOf('viewer')
    expect(Object.entries(viewer).filter(([key, value]) => key !== 'role' && value)).toEqual([])
  })

  it('an unknown role (no workspace list) shows everything, as before workspaces: the server still decides', () => {
    expect(UNKNOWN_ROLE).toEqual(permissionsOf('owner'))
  })
})

describe('navigation by role and workspace', () => {
  it('an owner of a personal workspace: everything but the agency pages, Team included', async () => {
    expect(await keys('owner')).toEqual([
      'dashboard',
      'send',
      'customers',
      'requests',
      'businesses',
      'analytics',
      'feedback',
      'google',
      'team',
      'billing',
      'settings',
    ])
  })

  it('a manager: no Billing', async () => {
    expect(await keys('manager')).not.toContain('billing')
    expect(await keys('manager')).toContain('team')
  })

  it('a viewer: no Billing and no "Ask for a review", in the side menu and the bottom bar', async () => {
    expect(await keys('viewer')).toEqual([
      'dashboard',
      'customers',
      'requests',
      'businesses',
      'analytics',
      'feedback',
      'google',
      'team',
      'settings',
    ])
    expect(await visible(BOTTOM_NAV, 'viewer')).toEqual(['dashboard', 'qr', 'requests', 'feedback', 'settings'])
  })

  it('an agency: Clients for every member, Brand for its owners', async () => {
    expect(await keys('owner', agency)).toEqual(expect.arrayContaining(['clients', 'brand']))
    expect(await keys('manager', agency)).toContain('clients')
    expect(await keys('manager', agency)).not.toContain('brand')
    expect(await keys('owner', client)).not.toContain('clients')
    expect(await keys('owner', client)).not.toContain('brand')
  })

  it("locked: the workspace's administration, Billing for the owner, and Settings", async () => {
    expect(await keys('owner', workspace(), true)).toEqual(['team', 'billing', 'settings'])
    expect(await keys('owner', agency, true)).toEqual(['clients', 'team', 'brand', 'billing', 'settings'])
    expect(await keys('manager', workspace(), true)).toEqual(['team', 'settings'])
    expect(LOCKED_NAV.map((item) => item.key)).toEqual(['clients', 'team', 'brand', 'billing', 'settings'])
  })
})

describe('screens a role may open', () => {
  it('billing only for owners', async () => {
    expect(await mayOpen('/billing', 'owner', workspace())).toBe(true)
    expect(await mayOpen('/billing', 'manager', workspace())).toBe(false)
    expect(await mayOpen('/dashboard/settings', 'viewer', workspace())).toBe(false)
  })

  it('the send screens for those who write', async () => {
    expect(await mayOpen('/dashboard/send', 'manager', workspace())).toBe(true)
    expect(await mayOpen('/dashboard/send', 'viewer', workspace())).toBe(false)
    expect(await mayOpen('/dashboard/send-list', 'viewer', workspace())).toBe(false)
  })

  it("an agency's pages in an agency's workspace, the brand for its owners", async () => {
    expect(await mayOpen('/dashboard/clients', 'viewer', agency)).toBe(true)
    expect(await mayOpen('/dashboard/clients', 'owner', client)).toBe(false)
    expect(await mayOpen('/dashboard/brand', 'owner', agency)).toBe(true)
    expect(await mayOpen('/dashboard/brand', 'manager', agency)).toBe(false)
  })

  it('everything else to every member (their writes hidden on the screen)', async () => {
    for (const path of ['/dashboard', '/feedbacks', '/dashboard/customers', '/dashboard/team', '/profile', '/business/7'])
      expect(await mayOpen(path, 'viewer', workspace()), path).toBe(true)
  })
})

describe('labels', () => {
  it('names the kind, and a client’s agency', () => {
    expect(kindLabel(client)).toBe('Client of Spice Digital')
    expect(kindLabel(agency)).toBe('Agency')
    expect(kindLabel(workspace({ kind: 'team' }))).toBe('Team')
    expect(kindLabel(workspace())).toBe('Personal')
  })

  it('says a member’s businesses by name when all are known, else how many', () => {
    const businesses = [
      { id: 7, name: 'Chai Point Cafe' },
      { id: 8, name: 'Dosa Hut' },
    ]
    expect(scopeText(null, businesses)).toBe('All businesses')
    expect(scopeText([7, 8], businesses)).toBe('Chai Point Cafe, Dosa Hut')
    expect(scopeText([7, 99], businesses)).toBe('2 businesses')
    expect(scopeText([99], businesses)).toBe('1 business')
    expect(scopeText([], businesses)).toBe('No businesses')
  })
})
