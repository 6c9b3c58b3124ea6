import { describe, expect, it } from 'vitest'
import { BOTTOM_NAV, isItemActive, isNavActive, LOCKED_NAV, navItems, SIDE_NAV } from '#lib/nav'

const activeKeys = (items: typeof SIDE_NAV, pathname: string) =>
  items.filter((item) => isItemActive(item, pathname)).map((item) => item.key)

describe('isNavActive: exact match, or the href plus a slash; Dashboard exact only', () => {
  it('matches exactly', () => {
    expect(isNavActive('/feedbacks', '/feedbacks')).toBe(true)
    expect(isNavActive('/dashboard', '/dashboard')).toBe(true)
  })

  it('matches a path below the href', () => {
    expect(isNavActive('/dashboard/businesses', '/dashboard/businesses/7')).toBe(true)
    expect(isNavActive('/profile', '/profile/edit')).toBe(true)
  })

  it('does not match a path that only starts with the same letters', () => {
    expect(isNavActive('/feedbacks', '/feedbacksx')).toBe(false)
    expect(isNavActive('/profile', '/profiles')).toBe(false)
  })

  it('Dashboard is active only on /dashboard itself', () => {
    expect(isNavActive('/dashboard', '/dashboard/businesses')).toBe(false)
    expect(isNavActive('/dashboard', '/dashboard/qr-codes')).toBe(false)
  })

  it('exactly one side item is active per app path', () => {
    expect(activeKeys(SIDE_NAV, '/dashboard')).toEqual(['dashboard'])
    expect(activeKeys(SIDE_NAV, '/dashboard/businesses')).toEqual(['businesses'])
    expect(activeKeys(SIDE_NAV, '/feedbacks')).toEqual(['feedback'])
    expect(activeKeys(SIDE_NAV, '/profile')).toEqual(['settings'])
    expect(activeKeys(SIDE_NAV, '/dashboard/qr-codes')).toEqual([])
    expect(activeKeys(SIDE_NAV, '/billing')).toEqual(['billing'])
    expect(activeKeys(SIDE_NAV, '/dashboard/settings')).toEqual(['billing'])
    expect(activeKeys(SIDE_NAV, '/dashboard/analytics')).toEqual(['analytics'])
    expect(activeKeys(SIDE_NAV, '/dashboard/send')).toEqual(['send'])
    expect(activeKeys(SIDE_NAV, '/dashboard/customers')).toEqual(['customers'])
    expect(activeKeys(SIDE_NAV, '/dashboard/requests')).toEqual(['requests'])
    expect(activeKeys(SIDE_NAV, '/dashboard/send-list')).toEqual([])
  })

  it('asking a customer for a review is one tap from the side menu and the phone’s bottom bar', () => {
    expect(SIDE_NAV.find((item) => item.key === 'send')?.href).toBe('/dashboard/send')
    expect(BOTTOM_NAV.find((item) => item.key === 'send')?.href).toBe('/dashboard/send')
    expect(activeKeys(BOTTOM_NAV, '/dashboard/send')).toEqual(['send'])
  })

  it('bottom bar: QR is active on /dashboard/qr-codes, Dashboard is not', () => {
    expect(activeKeys(BOTTOM_NAV, '/dashboard/qr-codes')).toEqual(['qr'])
    expect(activeKeys(BOTTOM_NAV, '/dashboard')).toEqual(['dashboard'])
    expect(activeKeys(BOTTOM_NAV, '/dashboard/businesses')).toEqual([])
    expect(activeKeys(BOTTOM_NAV, '/profile')).toEqual(['settings'])
    expect(activeKeys(BOTTOM_NAV, '/dashboard/requests')).toEqual(['requests'])
  })

  it("a locked owner is offered billing, the workspace's administration and the profile, the screens the lock lets them open", () => {
    expect(LOCKED_NAV.map((item) => item.href)).toEqual([
      '/dashboard/clients',
      '/dashboard/team',
      '/dashboard/brand',
      '/billing',
      '/profile',
    ])
    expect(navItems(SIDE_NAV, true)).toBe(LOCKED_NAV)
    expect(navItems(BOTTOM_NAV, true)).toBe(LOCKED_NAV)
    expect(navItems(BOTTOM_NAV, false)).toBe(BOTTOM_NAV)
  })
})
