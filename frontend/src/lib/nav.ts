/*
 * The app's navigation (docs/screens.md, shared app chrome): the side menu, the mobile bottom bar, what a locked owner
 * is offered, what the member's role and the workspace's kind leave out (lib/roles.ts), and the rule that marks an
 * item active.
 */
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { isAllowedWhenLocked } from './access'
import { showsNavItem, type Permissions } from './roles'

export interface NavItem {
  key: string
  label: string
  href: string
  /** Other addresses of the same screen, where the item is active too. */
  aliases?: string[]
}

const DASHBOARD: NavItem = { key: 'dashboard', label: 'Dashboard', href: '/dashboard' }
const REQUESTS: NavItem = { key: 'requests', label: 'Requests', href: '/dashboard/requests' }
const FEEDBACK: NavItem = { key: 'feedback', label: 'Feedback', href: '/feedbacks' }
const SETTINGS: NavItem = { key: 'settings', label: 'Settings', href: '/profile' }

export const SIDE_NAV: NavItem[] = [
  DASHBOARD,
  { key: 'send', label: 'Ask for a review', href: '/dashboard/send' },
  { key: 'customers', label: 'Customers', href: '/dashboard/customers' },
  REQUESTS,
  { key: 'businesses', label: 'Businesses', href: '/dashboard/businesses' },
  { key: 'analytics', label: 'Analytics', href: '/dashboard/analytics' },
  FEEDBACK,
  { key: 'google', label: 'Google', href: '/dashboard/google', aliases: ['/dashboard/reply-templates'] },
  { key: 'clients', label: 'Clients', href: '/dashboard/clients' },
  { key: 'team', label: 'Team', href: '/dashboard/team' },
  { key: 'brand', label: 'Brand', href: '/dashboard/brand' },
  { key: 'billing', label: 'Billing', href: '/billing', aliases: ['/dashboard/settings'] },
  SETTINGS,
]

export const BOTTOM_NAV: NavItem[] = [
  DASHBOARD,
  { key: 'qr', label: 'QR', href: '/dashboard/qr-codes' },
  { key: 'send', label: 'Ask', href: '/dashboard/send' },
  REQUESTS,
  FEEDBACK,
  SETTINGS,
]

/**
 * A locked owner (trial over, no paid plan: docs/product-rules.md#locked-dashboard) may open only billing and their
 * profile; every other entry would lead straight back to billing, so both menus offer just these.
 */
export const LOCKED_NAV: NavItem[] = SIDE_NAV.filter((item) => isAllowedWhenLocked(item.href))

export const navItems = (items: NavItem[], locked: boolean) => (locked ? LOCKED_NAV : items)

/** The items a member sees: the lock's, then without what their role or the workspace's kind has no use for. */
export function visibleNavItems(
  items: NavItem[],
  { locked, permissions, workspace }: { locked: boolean; permissions: Permissions; workspace: Pick<WorkspaceDto, 'kind'> | null }
) {
  return navItems(items, locked).filter((item) => showsNavItem(item.key, permissions, workspace))
}

/** Active on an exact match or when the path continues below the item's href; Dashboard only matches exactly. */
export function isNavActive(href: string, pathname: string) {
  if (pathname === href) return true
  if (href === '/dashboard') return false
  return pathname.startsWith(`${href}/`)
}

/** Whether the item is the screen at `pathname` (its href or one of its aliases). */
export const isItemActive = (item: NavItem, pathname: string) =>
  [item.href, ...(item.aliases ?? [])].some((href) => isNavActive(href, pathname))
