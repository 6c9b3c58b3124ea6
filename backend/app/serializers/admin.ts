/*
 * Rows as the operator console shows them (docs/decisions.md D34), from what `#queries/admin_rows` reads.
 */
import { DateTime } from 'luxon'
import { clock } from '#lib/clock'
import { SubscriptionStatus } from '#lib/billing_enums'
import { planDisplayName } from '#contract/product_rules'
import type { AdminUserRow } from '#queries/admin_rows'
import type { AdminBusinessDto, AdminPaymentDto, AdminUserDto } from '#types/api'

/** A row as the database gives it (snake_case columns). */
type DbRow = Record<string, any>

const iso = (value: Date | null | undefined) => (value ? DateTime.fromJSDate(value, { zone: 'utc' }).toISO() : null)

export function serializeAdminUser({ user, plan, businesses }: AdminUserRow): AdminUserDto {
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
    businesses,
    disabledAt: user.disabledAt?.toISO() ?? null,
    disabledReason: user.disabledReason,
  }
}

export function serializeAdminBusiness(row: DbRow): AdminBusinessDto {
  return {
    id: row.id,
    name: row.name,
    shortUrl: row.short_url,
    userId: row.user_id ?? null,
    ownerEmail: row.email ?? null,
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    createdAt: iso(row.created_at)!,
    ratings: Number(row.ratings),
    disabledAt: iso(row.disabled_at),
    disabledReason: row.disabled_reason,
  }
}

export function serializeAdminPayment(row: DbRow): AdminPaymentDto {
  return {
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
    refund: row.refund_status
      ? { amount: row.refund_amount, status: row.refund_status, creditNoteNumber: row.credit_note_number ?? null }
      : null,
  }
}
