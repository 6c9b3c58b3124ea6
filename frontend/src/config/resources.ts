import type { ResourceProps } from '@refinedev/core'
import { screenResources } from '#lib/screens'

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

/**
 * The resources the dashboard and the console read and write, declared once (Refine): the owner dashboard's from its
 * screens table (lib/screens.ts), then the console's.
 */
export const resources: ResourceProps[] = [...screenResources, ...adminResources]
