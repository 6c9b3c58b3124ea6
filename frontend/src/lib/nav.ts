/*
 * The app's navigation (docs/screens.md, shared app chrome): the side menu, the mobile bottom bar, and the rule that
 * marks an item active.
 */
export interface NavItem {
  key: string
  label: string
  href: string
}

export const SIDE_NAV: NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '/dashboard' },
  { key: 'send', label: 'Ask for a review', href: '/dashboard/send' },
  { key: 'customers', label: 'Customers', href: '/dashboard/customers' },
  { key: 'requests', label: 'Requests', href: '/dashboard/requests' },
  { key: 'businesses', label: 'Businesses', href: '/dashboard/businesses' },
  { key: 'feedback', label: 'Feedback', href: '/feedbacks' },
  { key: 'settings', label: 'Settings', href: '/profile' },
]

export const BOTTOM_NAV: NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '/dashboard' },
  { key: 'qr', label: 'QR', href: '/dashboard/qr-codes' },
  { key: 'send', label: 'Ask', href: '/dashboard/send' },
  { key: 'feedback', label: 'Feedback', href: '/feedbacks' },
  { key: 'settings', label: 'Settings', href: '/profile' },
]

/** Active on an exact match or when the path continues below the item's href; Dashboard only matches exactly. */
export function isNavActive(href: string, pathname: string) {
  if (pathname === href) return true
  if (href === '/dashboard') return false
  return pathname.startsWith(`${href}/`)
}
