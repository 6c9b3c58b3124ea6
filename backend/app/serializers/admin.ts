/*
 * Rows as the operator console shows them (docs/decisions.md D34), each list read in a few queries whatever its length.
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { clock } from '#lib/clock'
import { SubscriptionStatus } from '#lib/billing_enums'
import { planDisplayName } from '#contract/product_rules'
import type { AdminBusinessDto, AdminPaymentDto, AdminUserDto } from '#types/api'

const iso = (value: Date | null | undefined) => (value ? DateTime.fromJSDate(value, { zone: 'utc' }).toISO() : null)
const byId = <T extends { id: number }>(rows: T[], ids: number[]) => {
  const map = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => map.get(id) ?? [])
}

export async function adminUsers(users: User[]): Promise<AdminUserDto[]> {
  const ids = users.map((user) => user.id)
  if (ids.length === 0) return []
  const now = clock.now().toJSDate()
  const current = await db
    .from('subscriptions as s')
    .join('subscription_plans as p', 'p.id', 's.plan_id')
    .whereIn('s.user_id', ids)
    .whereIn('s.status', [SubscriptionStatus.Active, SubscriptionStatus.Cancelled])
    .where('s.current_period_end', '>', now)
    .orderBy('s.current_period_end', 'asc')
    .select('s.user_id', 's.status', 's.current_period_end', 'p.plan_type')
  const plans = new Map(current.map((row) => [row.user_id, row])) // the latest end wins
  const counts = new Map(
    (await db.from('businesses').whereIn('user_id', ids).groupBy('user_id').select('user_id').count('* as n')).map((row) => [row.user_id, Number(row.n)])
  )
  return users.map((user) => {
    const plan = plans.get(user.id)
    const trial = user.trialEndsAt && user.trialEndsAt.toMillis() > clock.nowMs()
    return {
      id: user.id,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      role: user.role,
      createdAt: user.createdAt.toISO()!,
      lastSeenAt: user.lastSeenAt?.toISO() ?? null,
      trialEndsAt: user.trialEndsAt?.toISO() ?? null,
      plan: plan ? (plan.status === SubscriptionStatus.Cancelled ? 'cancelled' : 'pro') : trial ? 'trial' : 'free',
      planType: plan?.plan_type ?? null,
      currentPeriodEnd: iso(plan?.current_period_end),
      businesses: counts.get(user.id) ?? 0,
      disabledAt: user.disabledAt?.toISO() ?? null,
      disabledReason: user.disabledReason,
    }
  })
}

export async function adminBusinesses(ids: number[]): Promise<AdminBusinessDto[]> {
  if (ids.length === 0) return []
  const rows = await db
    .from('businesses as b')
    .join('users as u', 'u.id', 'b.user_id')
    .whereIn('b.id', ids)
    .select('b.id', 'b.name', 'b.short_url', 'b.user_id', 'u.email', 'b.created_at', 'b.disabled_at', 'b.disabled_reason')
    .select(db.raw('(SELECT COUNT(*) FROM review_sessions s WHERE s.business_id = b.id AND s.rating IS NOT NULL) AS ratings'))
  return byId(rows, ids).map((row) => ({
    id: row.id,
    name: row.name,
    shortUrl: row.short_url,
    userId: row.user_id,
    ownerEmail: row.email,
    createdAt: iso(row.created_at)!,
    ratings: Number(row.ratings),
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
  }))
}

export async function adminPayments(ids: number[]): Promise<AdminPaymentDto[]> {
  if (ids.length === 0) return []
  const rows = await db
    .from('payments as p')
    .join('subscription_plans as sp', 'sp.id', 'p.plan_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('invoices as i', (join) => join.on('i.payment_id', 'p.id').andOnVal('i.kind', 'invoice'))
    .leftJoin('refunds as r', 'r.payment_id', 'p.id')
    .leftJoin('invoices as cn', 'cn.refund_id', 'r.id')
    .whereIn('p.id', ids)
    .select('p.*', 'sp.name as plan_name', 'u.email', 'i.id as invoice_id', 'i.number as invoice_number')
    .select('r.amount as refund_amount', 'r.status as refund_status', 'cn.number as credit_note_number')
  return byId(rows, ids).map((row) => ({
    id: row.id,
    userId: row.user_id,
    userEmail: row.email ?? null,
    planName: planDisplayName(row.plan_name),
    amount: row.amount,
    status: row.status,
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    createdAt: iso(row.created_at)!,
    paidAt: iso(row.paid_at),
    invoiceId: row.invoice_id ?? null,
    invoiceNumber: row.invoice_number ?? null,
    refund: row.refund_status ? { amount: row.refund_amount, status: row.refund_status, creditNoteNumber: row.credit_note_number ?? null } : null,
  }))
}
