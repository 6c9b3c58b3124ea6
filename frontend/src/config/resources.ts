import type { ResourceProps } from '@refinedev/core'

/**
 * The operator console's resources under /api/admin (bare arrays with `x-total-count`, docs/decisions.md D34), in
 * the order of its side menu.
 */
export const adminResources = [
  { name: 'admin/users', list: '/admin/users', show: '/admin/users/:id', meta: { label: 'Users' } },
  { name: 'admin/businesses', list: '/admin/businesses', meta: { label: 'Businesses' } },
  { name: 'admin/payments', list: '/admin/payments', meta: { label: 'Payments' } },
  { name: 'admin/invoices', list: '/admin/invoices', meta: { label: 'Invoices' } },
  { name: 'admin/contact-messages', list: '/admin/contact-messages', meta: { label: 'Contact messages' } },
  { name: 'admin/queues', list: '/admin/queues', meta: { label: 'Queues' } },
  { name: 'admin/audit-log', list: '/admin/audit-log', meta: { label: 'Audit log' } },
] as const satisfies readonly ResourceProps[]

export type AdminResource = (typeof adminResources)[number]['name']

/** The API resources the dashboard and the console read and write, declared once (Refine). */
export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard', meta: { label: 'Dashboard' } },
  { name: 'businesses', list: '/dashboard/businesses', show: '/business/:id', meta: { label: 'Businesses' } },
  { name: 'customers', list: '/dashboard/customers', meta: { label: 'Customers' } },
  { name: 'review-requests', list: '/dashboard/requests', create: '/dashboard/send', meta: { label: 'Review requests' } },
  { name: 'feedbacks', list: '/feedbacks', meta: { label: 'Feedback' } },
  { name: 'review-sessions', meta: { label: 'Review sessions', hide: true } },
  { name: 'google-reviews', list: '/feedbacks', meta: { label: 'Google reviews', hide: true } },
  ...adminResources,
]
