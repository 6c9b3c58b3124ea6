/*
 * What each Refine list resource may be filtered and sorted by (client field → column).
 */
import type { ListSpec } from '#lib/list_query'

export const BUSINESS_LIST: ListSpec = {
  sortable: { id: 'id', name: 'name', createdAt: 'created_at', rating: 'rating', reviewCount: 'review_count' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    name: { column: 'name', kind: 'text' },
    q: { column: 'name', kind: 'text' },
    shortUrl: { column: 'short_url', kind: 'text' },
  },
}

/** Shared by /api/review-sessions and /api/feedbacks. */
export const SESSION_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at', timestamp: 'created_at', rating: 'rating' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    businessId: { column: 'business_id', kind: 'id' },
    rating: { column: 'rating', kind: 'int' },
    redirected: { column: 'redirected', kind: 'bool' },
    resolved: { column: 'resolved_at', kind: 'present' },
    createdAt: { column: 'created_at', kind: 'date' },
    feedback: { column: 'feedback', kind: 'text' },
    // The overview's 'filtered feedback' count: sessions that carry feedback text (empty text is stored as null).
    hasFeedback: { column: 'feedback', kind: 'present' },
    q: { column: 'feedback', kind: 'text' },
  },
}

/** /api/customers (docs/decisions.md D32): search by name or number. */
export const CUSTOMER_LIST: ListSpec = {
  sortable: { id: 'id', name: 'name', createdAt: 'created_at' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    businessId: { column: 'business_id', kind: 'id' },
    name: { column: 'name', kind: 'text' },
    phone: { column: 'phone', kind: 'text' },
    q: { column: 'name', kind: 'search', columns: ['name', 'phone', 'email'] },
    optedOut: { column: 'opted_out_at', kind: 'present' },
  },
}

/** /api/review-requests: by status, channel, customer and date. */
export const REVIEW_REQUEST_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at', sentAt: 'sent_at', status: 'status' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    businessId: { column: 'business_id', kind: 'id' },
    customerId: { column: 'customer_id', kind: 'id' },
    status: { column: 'status', kind: 'text' },
    channel: { column: 'channel', kind: 'text' },
    createdAt: { column: 'created_at', kind: 'date' },
  },
}

/** /api/invoices (docs/decisions.md D33): invoices and credit notes, newest first. */
export const INVOICE_LIST: ListSpec = {
  sortable: { id: 'id', issuedAt: 'issued_at', number: 'number' },
  defaultSort: { field: 'issuedAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    kind: { column: 'kind', kind: 'text' },
    paymentId: { column: 'payment_id', kind: 'id' },
    issuedAt: { column: 'issued_at', kind: 'date' },
  },
}
