/*
 * What each operator list may be filtered and sorted by (docs/decisions.md D34); see list_specs.ts for the owners'.
 */
import db from '@adonisjs/lucid/services/db'
import type { ListSpec } from '#lib/list_query'
import { clock } from '#lib/clock'
import { SubscriptionStatus } from '#lib/billing_enums'

/** Users with a plan running now (active, or cancelled with its period still on). */
const runningPlan = () =>
  db
    .from('subscriptions')
    .whereRaw('subscriptions.user_id = users.id')
    .whereIn('status', [SubscriptionStatus.Active, SubscriptionStatus.Cancelled])
    .where('current_period_end', '>', clock.now().toJSDate())

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
        free: (query) => query.whereNotExists(runningPlan()).where((free) => free.whereNull('trial_ends_at').orWhere('trial_ends_at', '<=', clock.now().toJSDate())),
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
