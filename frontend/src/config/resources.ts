import type { ResourceProps } from '@refinedev/core'

/** The API resources the dashboard reads and writes, declared once (Refine). */
export const resources: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard', meta: { label: 'Dashboard' } },
  { name: 'businesses', list: '/dashboard/businesses', show: '/business/:id', meta: { label: 'Businesses' } },
  { name: 'feedbacks', list: '/feedbacks', meta: { label: 'Feedback' } },
  { name: 'review-sessions', meta: { label: 'Review sessions', hide: true } },
]
