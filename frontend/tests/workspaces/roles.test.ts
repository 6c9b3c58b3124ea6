/*
 * What each role may do in the dashboard (lib/roles.ts), read from the API's own rule, and what the navigation
 * offers for it (lib/nav.ts): an owner everything, a manager no billing and no team changes, a viewer nothing that
 * writes; an agency's pages only in an agency's workspace.
 */
import { describe, expect, it } from 'vitest'
import { BOTTOM_NAV, LOCKED_NAV, SIDE_NAV, visibleNavItems } from '#lib/nav'
import { kindLabel, mayOpen, permissionsOf, scopeText, UNKNOWN_ROLE, type WorkspaceRole } from '#lib/roles'
import { agency, client, workspace } from './fixtures'

const keys = (role: WorkspaceRole, kind = workspace(), locked = false) =>
  visibleNavItems(SIDE_NAV, { locked, permissions: permissionsOf(role), workspace: kind }).map((item) => item.key)

describe('permissions of each role', () => {
  it('an owner does everything', () => {
    expect(permissionsOf('owner')).toEqual({
      role: 'owner',
      manageBusinesses: true,
      edit: true,
      billing: true,
      manageTeam: true,
      brand: true,
      whatsApp: true,
      manageWorkspace: true,
    })
  })

  it('a manager works with businesses, feedback, customers and requests: no billing, team, brand or WhatsApp number', () => {
    expect(permissionsOf('manager')).toEqual({
      role: 'manager',
      manageBusinesses: true,
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
  it('an owner of a personal workspace: everything but the agency pages, Team included', () => {
    expect(keys('owner')).toEqual([
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

  it('a manager: no Billing', () => {
    expect(keys('manager')).not.toContain('billing')
    expect(keys('manager')).toContain('team')
  })

  it('a viewer: no Billing and no "Ask for a review", in the side menu and the bottom bar', () => {
    expect(keys('viewer')).toEqual([
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
    const bottom = visibleNavItems(BOTTOM_NAV, { locked: false, permissions: permissionsOf('viewer'), workspace: workspace() })
    expect(bottom.map((item) => item.key)).toEqual(['dashboard', 'qr', 'requests', 'feedback', 'settings'])
  })

  it('an agency: Clients for every member, Brand for its owners', () => {
    expect(keys('owner', agency)).toEqual(expect.arrayContaining(['clients', 'brand']))
    expect(keys('manager', agency)).toContain('clients')
    expect(keys('manager', agency)).not.toContain('brand')
    expect(keys('owner', client)).not.toContain('clients')
    expect(keys('owner', client)).not.toContain('brand')
  })

  it("locked: the workspace's administration, Billing for the owner, and Settings", () => {
    expect(keys('owner', workspace(), true)).toEqual(['team', 'billing', 'settings'])
    expect(keys('owner', agency, true)).toEqual(['clients', 'team', 'brand', 'billing', 'settings'])
    expect(keys('manager', workspace(), true)).toEqual(['team', 'settings'])
    expect(LOCKED_NAV.map((item) => item.key)).toEqual(['clients', 'team', 'brand', 'billing', 'settings'])
  })
})

describe('screens a role may open', () => {
  it('billing only for owners', () => {
    expect(mayOpen('/billing', permissionsOf('owner'), workspace())).toBe(true)
    expect(mayOpen('/billing', permissionsOf('manager'), workspace())).toBe(false)
    expect(mayOpen('/dashboard/settings', permissionsOf('viewer'), workspace())).toBe(false)
  })

  it('the send screens for those who write', () => {
    expect(mayOpen('/dashboard/send', permissionsOf('manager'), workspace())).toBe(true)
    expect(mayOpen('/dashboard/send', permissionsOf('viewer'), workspace())).toBe(false)
    expect(mayOpen('/dashboard/send-list', permissionsOf('viewer'), workspace())).toBe(false)
  })

  it("an agency's pages in an agency's workspace, the brand for its owners", () => {
    expect(mayOpen('/dashboard/clients', permissionsOf('viewer'), agency)).toBe(true)
    expect(mayOpen('/dashboard/clients', permissionsOf('owner'), client)).toBe(false)
    expect(mayOpen('/dashboard/brand', permissionsOf('owner'), agency)).toBe(true)
    expect(mayOpen('/dashboard/brand', permissionsOf('manager'), agency)).toBe(false)
  })

  it('everything else to every member (their writes hidden on the screen)', () => {
    for (const path of ['/dashboard', '/feedbacks', '/dashboard/customers', '/dashboard/team', '/profile', '/business/7'])
      expect(mayOpen(path, permissionsOf('viewer'), workspace()), path).toBe(true)
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
