import type { ResourceProps } from '@refinedev/core'

/** The API resources the dashboard reads and writes, declared once (Refine). */
export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard', meta: { label: 'Dashboard' } },
  { name: 'businesses', list: '/dashboard/businesses', show: '/business/:id', meta: { label: 'Businesses' } },
  { name: 'customers', list: '/dashboard/customers', meta: { label: 'Customers' } },
  { name: 'review-requests', list: '/dashboard/requests', create: '/dashboard/send', meta: { label: 'Review requests' } },
  { name: 'feedbacks', list: '/feedbacks', meta: { label: 'Feedback' } },
  { name: 'review-sessions', meta: { label: 'Review sessions', hide: true } },
]
