/*
 * Payments and invoices for operators (docs/decisions.md D34): the lists, an invoice's PDF, and a refund through the
 * billing issue's action (the refund policy, Razorpay, the credit note), with a reason and an audit row.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Payment from '#models/payment'
import Invoice from '#models/invoice'
import RefundPayment from '#actions/billing/refund_payment'
import AuditLog from '#models/audit_log'
import { paginate } from '#lib/list_query'
import { ADMIN_INVOICE_LIST, ADMIN_PAYMENT_LIST } from '#lib/admin_lists'
import { reasonValidator } from '#validators/admin'
import { NotFoundError } from '#exceptions/app_errors'
import { adminPayments } from '#serializers/admin'
import { serializeInvoices } from '#serializers/invoices'
import { sendInvoicePdf } from '#services/invoices/invoice_pdf'
import type { AdminInvoiceDto, AdminPaymentDto } from '#types/api'

export default class AdminBillingController {
  async payments(ctx: HttpContext): Promise<AdminPaymentDto[]> {
    const ids = await paginate(ctx, Payment.query(), ADMIN_PAYMENT_LIST, (payment: Payment) => payment.id)
    return adminPayments(ids)
  }

  @inject()
  async refund({ auth, params, request }: HttpContext, refunder: RefundPayment): Promise<AdminPaymentDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    const payment = await Payment.find(params.id)
    if (!payment) throw new NotFoundError('Payment not found')
    const before = (await adminPayments([payment.id]))[0]
    const result = await refunder.handle(payment.id, reason)
    const after = (await adminPayments([payment.id]))[0]
    await db.transaction((trx) =>
      AuditLog.record(trx, auth.getUserOrFail(), {
        action: 'payment.refund',
        targetType: 'payment',
        targetId: payment.id,
        before: { status: before.status, refund: before.refund },
        after: { refund: after.refund, kind: result.quote.kind, razorpayRefundId: result.refund.razorpayRefundId },
        reason,
      })
    )
    return after
  }

  async invoices(ctx: HttpContext): Promise<AdminInvoiceDto[]> {
    const rows: Invoice[] = await paginate(ctx, Invoice.query(), ADMIN_INVOICE_LIST, (invoice: Invoice) => invoice)
    const emails = new Map(
      (await db.from('users').whereIn('id', rows.flatMap((row) => row.userId ?? [])).select('id', 'email')).map((row) => [row.id, row.email as string])
    )
    return (await serializeInvoices(rows)).map((invoice, index) => ({
      ...invoice,
      userId: rows[index].userId,
      userEmail: rows[index].userId === null ? null : (emails.get(rows[index].userId!) ?? null),
    }))
  }

  async invoicePdf({ params, response }: HttpContext) {
    const invoice = await Invoice.find(params.id)
    if (!invoice) throw new NotFoundError('Invoice not found')
    return sendInvoicePdf(response, (await serializeInvoices([invoice]))[0])
  }
}
