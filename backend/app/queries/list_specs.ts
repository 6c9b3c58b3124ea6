/*
 * What each list may be filtered and sorted by (client field → column): the owners' Refine resources, then the
 * operator console's (docs/decisions.md D34).
 */
import type { ListSpec } from '#lib/list_query'
import { clock } from '#lib/clock'
import Subscription from '#models/subscription'

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

/** Users with a plan running now. */
const runningPlan = () =>
  Subscription.query()
    .whereColumn('subscriptions.user_id', 'users.id')
    .withScopes((scopes) => scopes.running())

export const ADMIN_USER_LIST: ListSpec = {
  sortable: { id: 'id', email: 'email', createdAt: 'created_at', lastSeenAt: 'last_seen_at', trialEndsAt: 'trial_ends_at' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    q: { column: 'email', kind: 'search', columns: ['email', 'first_name', 'last_name', 'phone'] },
    role: { column: 'role', kind: 'text' },
    disabled: { column: 'disabled_at', kind: 'present' },
    plan: {
      column: '',
      kind: 'scope',
      scopes: {
        pro: (query) => query.whereExists(runningPlan()),
        trial: (query) => query.whereNotExists(runningPlan()).where('trial_ends_at', '>', clock.now().toJSDate()),
        free: (query) =>
          query
            .whereNotExists(runningPlan())
            .where((free) => free.whereNull('trial_ends_at').orWhere('trial_ends_at', '<=', clock.now().toJSDate())),
      },
    },
  },
}

export const ADMIN_BUSINESS_LIST: ListSpec = {
  sortable: { id: 'id', name: 'name', createdAt: 'created_at' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    userId: { column: 'user_id', kind: 'id' },
    q: { column: 'name', kind: 'search', columns: ['name', 'short_url'] },
    disabled: { column: 'disabled_at', kind: 'present' },
  },
  countSearchInPage: true, // the controller selects only ids, read from the search index (migration 0042)
}

export const ADMIN_PAYMENT_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at', paidAt: 'paid_at', amount: 'amount' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    userId: { column: 'user_id', kind: 'id' },
    status: { column: 'status', kind: 'text' },
    q: { column: 'razorpay_order_id', kind: 'search', columns: ['razorpay_order_id', 'razorpay_payment_id'] },
    createdAt: { column: 'created_at', kind: 'date' },
  },
}

export const ADMIN_INVOICE_LIST: ListSpec = {
  sortable: { id: 'id', issuedAt: 'issued_at', number: 'number', total: 'total' },
  defaultSort: { field: 'issuedAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    userId: { column: 'user_id', kind: 'id' },
    kind: { column: 'kind', kind: 'text' },
    q: { column: 'number', kind: 'search', columns: ['number'] },
    issuedAt: { column: 'issued_at', kind: 'date' },
  },
}

export const ADMIN_CONTACT_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    handled: { column: 'handled_at', kind: 'present' },
    q: { column: 'email', kind: 'search', columns: ['email', 'name', 'subject'] },
  },
}

export const AUDIT_LOG_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at' },
  defaultSort: { field: 'id', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    operatorId: { column: 'operator_id', kind: 'id' },
    action: { column: 'action', kind: 'text' },
    targetType: { column: 'target_type', kind: 'text' },
    targetId: { column: 'target_id', kind: 'text' },
    createdAt: { column: 'created_at', kind: 'date' },
    q: { column: 'reason', kind: 'search', columns: ['reason', 'operator_email', 'action', 'target_id'] },
  },
}

/** A workspace's activity log (docs/decisions.md D42), newest first. */
export const WORKSPACE_ACTIVITY_LIST: ListSpec = {
  sortable: { id: 'id', createdAt: 'created_at' },
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    action: { column: 'action', kind: 'text' },
    createdAt: { column: 'created_at', kind: 'date' },
  },
}

/** /api/google-reviews (docs/decisions.md D45): newest first; `replied` is whether a reply is on Google. */
export const GOOGLE_REVIEW_LIST: ListSpec = {
  sortable: { id: 'id', createTime: 'create_time', updateTime: 'update_time', stars: 'stars' },
  defaultSort: { field: 'createTime', order: 'desc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    businessId: { column: 'business_id', kind: 'id' },
    stars: { column: 'stars', kind: 'int' },
    // A stored column the database keeps (reply_comment IS NOT NULL), so it is read from an index.
    replied: { column: 'has_reply', kind: 'bool' },
    deleted: { column: 'deleted_at', kind: 'present' },
    // On the website widget (docs/decisions.md D49).
    pinned: { column: 'pinned_at', kind: 'present' },
    hidden: { column: 'hidden_at', kind: 'present' },
    createTime: { column: 'create_time', kind: 'date' },
    q: { column: 'comment', kind: 'search', columns: ['comment', 'reviewer_name'] },
  },
}

/** A workspace's reply templates (docs/decisions.md D46), answered whole: at most 200. */
export const REPLY_TEMPLATE_LIST: ListSpec = {
  sortable: { id: 'id', name: 'name', language: 'language', createdAt: 'created_at' },
  defaultSort: { field: 'name', order: 'asc' },
  filters: {
    id: { column: 'id', kind: 'id' },
    language: { column: 'language', kind: 'text' },
    q: { column: 'name', kind: 'search', columns: ['name', 'body'] },
  },
}
