/*
 * The owner's payments as the billing page lists them: newest first, each with its invoice, its refund (a failed
 * refund is none) and its credit note.
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { InvoiceKind } from '#models/invoice'
import { RefundStatus } from '#models/refund'
import { planDisplayName } from '#contract/product_rules'
import type { PaymentHistoryDto } from '#types/api'

export async function paymentHistory(workspaceId: number): Promise<PaymentHistoryDto[]> {
  const rows = await db
    .from('payments as p')
    .join('subscription_plans as sp', 'sp.id', 'p.plan_id')
    .leftJoin('refunds as r', (join) => join.on('r.payment_id', 'p.id').andOnVal('r.status', '<>', RefundStatus.Failed))
    .leftJoin('invoices as i', (join) => join.on('i.payment_id', 'p.id').andOnVal('i.kind', InvoiceKind.Invoice))
    .leftJoin('invoices as cn', (join) => join.on('cn.payment_id', 'p.id').andOnVal('cn.kind', InvoiceKind.CreditNote))
    .where('p.paid_by_workspace_id', workspaceId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(200)
    .select(
      'p.id',
      'p.created_at',
      'p.paid_at',
      'p.amount',
      'p.status',
      'sp.name as plan_name',
      'sp.duration_months',
      'r.amount as refunded',
      'i.id as invoice_id',
      'cn.id as credit_note_id'
    )
  return rows.map((row) => {
    const refunded = Number(row.refunded ?? 0)
    const status = refunded > 0 ? (refunded >= row.amount ? 'refunded' : 'partially_refunded') : (row.status as PaymentHistoryDto['status'])
    return {
      id: row.id,
      createdAt: DateTime.fromJSDate(row.created_at).toISO()!,
      paidAt: row.paid_at ? DateTime.fromJSDate(row.paid_at).toISO()! : null,
      planName: planDisplayName(row.plan_name),
      durationMonths: row.duration_months,
      amount: row.amount,
      status,
      refundedAmount: refunded,
      invoiceId: row.invoice_id ?? null,
      creditNoteId: row.credit_note_id ?? null,
    }
  })
}
