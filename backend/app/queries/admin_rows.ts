/*
 * What the operator console's rows carry beyond their own model (docs/decisions.md D34): each list read in a few
 * queries whatever its length, rows back in the order of the ids asked for. `#serializers/admin` shapes them.
 */
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { whereRunning } from '#models/subscription'
import { clock } from '#lib/clock'
import { countsOfBusinesses } from '#lib/session_counts'

const byId = <T extends { id: number }>(rows: T[], ids: number[]) => {
  const map = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => map.get(id) ?? [])
}

export interface AdminUserRow {
  user: User
  /** The running plan that ends last, if any. */
  plan: { status: string; plan_type: string; current_period_end: Date } | undefined
  businesses: number
}

export async function adminUserRows(users: User[]): Promise<AdminUserRow[]> {
  const ids = users.map((user) => user.id)
  if (ids.length === 0) return []
  const current = await whereRunning(
    db.from('subscriptions as s').join('subscription_plans as p', 'p.id', 's.plan_id').whereIn('s.user_id', ids),
    clock.now(),
    's'
  )
    .orderBy('s.current_period_end', 'asc')
    .select('s.user_id', 's.status', 's.current_period_end', 'p.plan_type')
  const plans = new Map(current.map((row) => [row.user_id, row])) // the latest end wins
  const businessCounts = await db.from('businesses').whereIn('user_id', ids).groupBy('user_id').select('user_id').count('* as n')
  const counts = new Map(businessCounts.map((row) => [row.user_id, Number(row.n)]))
  return users.map((user) => ({ user, plan: plans.get(user.id), businesses: counts.get(user.id) ?? 0 }))
}

/**
 * Businesses with their workspace's name and the address of who added them (a business whose adder's account is gone,
 * user_id null, is still listed, with no address), and their ratings from rollups plus live rows (session_counts): a
 * business with ten million ratings is not counted row by row on every page of the list.
 */
export async function adminBusinessRows(ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .from('businesses as b')
    .join('workspaces as w', 'w.id', 'b.workspace_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .whereIn('b.id', ids)
    .select('b.id', 'b.name', 'b.short_url', 'b.user_id', 'u.email', 'b.created_at', 'b.disabled_at', 'b.disabled_reason')
    .select('b.workspace_id', 'w.name as workspace_name')
  const counts = await countsOfBusinesses(ids)
  return byId(
    rows.map((row) => ({ ...row, ratings: counts.get(row.id)?.sessions ?? 0 })),
    ids
  )
}

/** Payments with their plan, payer, invoice and refund (with its credit note). */
export async function adminPaymentRows(ids: number[]) {
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
  return byId(rows, ids)
}

/** A user's businesses, oldest first, and their 50 latest payments: the ids the user's page lists. */
export async function adminUserDetailIds(userId: number) {
  const businesses = await db.from('businesses').where('user_id', userId).orderBy('id').select('id')
  const payments = await db.from('payments').where('user_id', userId).orderBy('id', 'desc').limit(50).select('id')
  return { businessIds: businesses.map((row) => Number(row.id)), paymentIds: payments.map((row) => Number(row.id)) }
}

/** The addresses of these users (a deleted user is missing), for rows that name a user by id. */
export async function userEmails(ids: number[]) {
  const rows = await db.from('users').whereIn('id', ids).select('id', 'email')
  return new Map(rows.map((row) => [row.id as number, row.email as string]))
}
