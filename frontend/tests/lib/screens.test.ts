/*
 * The screens table (lib/screens.ts) and what is read from it: Refine's resources, the menus (lib/nav.ts) and the
 * access control provider's answers with the sentence a refused screen shows.
 */
import { describe, expect, it } from 'vitest'
import { resources } from '#config/resources'
import { AVATAR_NAV, BOTTOM_NAV, SIDE_NAV } from '#lib/nav'
import { OWNER_ONLY_TEXT, VIEW_ONLY_TEXT } from '#lib/roles'
import { memberOf, SCREENS, screenAt, screenResources } from '#lib/screens'
import { accessControlProvider, AGENCY_ONLY_TEXT } from '#providers/access-control'

const ask = (resource: string | undefined, action: string, member?: Parameters<typeof memberOf>[0]) =>
  accessControlProvider.can({ resource, action, params: member === undefined ? {} : { member: memberOf(member) } })

describe('the screens table', () => {
  it('names each screen and each address once', () => {
    const keys = SCREENS.map((screen) => screen.key)
    const paths = SCREENS.flatMap((screen) => [screen.path, ...(screen.aliases ?? [])])
    expect(new Set(keys).size).toBe(keys.length)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it("gives Refine one resource per name, with the address of each of its actions, before the console's", () => {
    const names = resources.map((resource) => resource.name)
    expect(new Set(names).size).toBe(names.length)
    expect(screenResources.find((resource) => resource.name === 'review-requests')).toMatchObject({
      list: '/dashboard/requests',
      create: '/dashboard/send',
    })
    expect(screenResources.find((resource) => resource.name === 'businesses')).toMatchObject({
      list: '/dashboard/businesses',
      show: '/business/:id',
    })
    expect(screenResources.find((resource) => resource.name === 'customers')).toMatchObject({ list: '/dashboard/customers' })
    expect(screenResources.find((resource) => resource.name === 'feedbacks')).toMatchObject({ list: '/feedbacks' })
    expect(names.indexOf('admin/users')).toBeGreaterThan(names.indexOf('feedbacks'))
  })

  it('builds each menu from its screens, in the side menu’s order', () => {
    // Clients and Brand too: the provider leaves them out outside an agency (docs/screens.md#navigation).
    expect(SIDE_NAV.map((item) => item.key)).toEqual(
      'dashboard send customers requests businesses analytics feedback google clients team brand billing settings'.split(' ')
    )
    expect(SIDE_NAV.find((item) => item.key === 'google')).toMatchObject({
      href: '/dashboard/google',
      aliases: ['/dashboard/reply-templates'],
    })
    expect(BOTTOM_NAV.map((item) => item.label)).toEqual(['Dashboard', 'QR', 'Ask', 'Requests', 'Feedback', 'Settings'])
    expect(AVATAR_NAV.map((item) => item.label)).toEqual([
      'Dashboard',
      'My Businesses',
      'Analytics',
      'Google',
      'Clients',
      'Team',
      'Brand',
      'Billing',
      'Profile & Settings',
    ])
  })

  it('finds the screen at an address: the longest that matches, an alias, or below one', () => {
    expect(screenAt('/dashboard')?.key).toBe('dashboard')
    expect(screenAt('/dashboard/businesses')?.key).toBe('businesses')
    expect(screenAt('/dashboard/settings')?.key).toBe('billing')
    expect(screenAt('/dashboard/send-list')?.key).toBe('send-list')
    expect(screenAt('/dashboard/reply-templates')?.key).toBe('google')
    expect(screenAt('/business/7')).toBeUndefined()
  })
})

describe('access control provider', () => {
  const team = { kind: 'team' as const }

  it('refuses billing to a manager and a viewer, with the sentence the screen shows, and opens it to an owner', async () => {
    expect(await ask('billing', 'list', { ...team, role: 'owner' })).toEqual({ can: true })
    expect(await ask('billing', 'list', { ...team, role: 'manager' })).toEqual({ can: false, reason: OWNER_ONLY_TEXT })
    expect(await ask('billing', 'list', { ...team, role: 'viewer' })).toEqual({ can: false, reason: VIEW_ONLY_TEXT })
  })

  it('refuses the send screens (review-requests create) to a viewer, not their list', async () => {
    expect(await ask('review-requests', 'create', { ...team, role: 'viewer' })).toEqual({ can: false, reason: VIEW_ONLY_TEXT })
    expect(await ask('review-requests', 'create', { ...team, role: 'manager' })).toEqual({ can: true })
    expect(await ask('review-requests', 'list', { ...team, role: 'viewer' })).toEqual({ can: true })
  })

  it("says an agency's page belongs to an agency's workspace outside one, and to its owners inside", async () => {
    expect(await ask('clients', 'list', { kind: 'client', role: 'owner' })).toEqual({ can: false, reason: AGENCY_ONLY_TEXT })
    expect(await ask('clients', 'list', { kind: 'agency', role: 'viewer' })).toEqual({ can: true })
    expect(await ask('brand', 'list', { kind: 'agency', role: 'manager' })).toEqual({ can: false, reason: OWNER_ONLY_TEXT })
  })

  it("answers for a member not yet known as for a personal workspace's owner, and leaves what the table does not name to the server", async () => {
    expect(await ask('billing', 'list')).toEqual({ can: true })
    expect((await ask('clients', 'list')).can).toBe(false)
    expect(await ask('google-reviews', 'list', { ...team, role: 'viewer' })).toEqual({ can: true })
    expect(await ask(undefined, 'list', { ...team, role: 'viewer' })).toEqual({ can: true })
  })
})
