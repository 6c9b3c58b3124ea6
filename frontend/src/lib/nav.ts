/*
 * The app's navigation (docs/screens.md, shared app chrome), read from the screens table (lib/screens.ts): the side
 * menu, the mobile bottom bar, the avatar menu, what a locked owner is offered, and the rule that marks an item
 * active. What the member's role and the workspace's kind leave out, the access control provider answers
 * (hooks/use-access.ts).
 */
import type { ComponentType } from 'react'
import { isAllowedWhenLocked } from './access'
import { SCREENS, type Screen } from './screens'

export interface NavItem {
  key: string
  label: string
  href: string
  icon: ComponentType
  /** Other addresses of the same screen, where the item is active too. */
  aliases?: string[]
  /** The Refine resource and action the access control provider is asked about (lib/screens.ts). */
  resource: string
  action: Screen['action']
}

/** One menu's items from the screens table, in its order. */
const menu = (entry: 'side' | 'bottom' | 'avatar'): NavItem[] =>
  SCREENS.flatMap((screen) => {
    const item = screen[entry]
    if (!item) return []
    const { key, path, aliases, resource, action } = screen
    return [{ key, label: item.label, href: path, icon: item.icon ?? screen.icon, resource, action, ...(aliases && { aliases }) }]
  })

export const SIDE_NAV: NavItem[] = menu('side')

/** The phone's bottom bar; Analytics and Billing are in the avatar menu. */
export const BOTTOM_NAV: NavItem[] = menu('bottom')

/** The avatar menu's screens (the header adds "New workspace" and "Log out"). */
export const AVATAR_NAV: NavItem[] = menu('avatar')

/**
 * A locked owner (trial over, no paid plan: docs/product-rules.md#locked-dashboard) may open only billing and their
 * profile; every other entry would lead straight back to billing, so both menus offer just these.
 */
export const LOCKED_NAV: NavItem[] = SIDE_NAV.filter((item) => isAllowedWhenLocked(item.href))

export const navItems = (items: NavItem[], locked: boolean) => (locked ? LOCKED_NAV : items)

/** Active on an exact match or when the path continues below the item's href; Dashboard only matches exactly. */
export function isNavActive(href: string, pathname: string) {
  if (pathname === href) return true
  if (href === '/dashboard') return false
  return pathname.startsWith(`${href}/`)
}

/** Whether the item is the screen at `pathname` (its href or one of its aliases). */
export const isItemActive = (item: NavItem, pathname: string) =>
  [item.href, ...(item.aliases ?? [])].some((href) => isNavActive(href, pathname))
