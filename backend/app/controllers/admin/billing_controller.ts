/*
 * Payments and invoices for operators (docs/decisions.md D34): the lists, an invoice's PDF, and a refund through the
 * billing issue's action (the refund policy, Razorpay, the credit note), with a reason and an audit row.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Payment from '#models/payment'
import Invoice from '#models/invoice'
import RefundPaymentAsOperator from '#actions/admin/refund_payment_as_operator'
import { paginate } from '#lib/list_query'
import { ADMIN_INVOICE_LIST, ADMIN_PAYMENT_LIST } from '#queries/list_specs'
import { adminPaymentRows, userEmails } from '#queries/admin_rows'
import { reasonValidator } from '#validators/admin'
import { NotFoundError } from '#exceptions/app_errors'
import { serializeAdminPayment } from '#serializers/admin'
import { serializeInvoices } from '#serializers/invoices'
import { sendInvoicePdf } from '#services/invoices/invoice_pdf'
import type { AdminInvoiceDto, AdminPaymentDto } from '#types/api'

export default class AdminBillingController {
  async payments(ctx: HttpContext): Promise<AdminPaymentDto[]> {
    const ids = await paginate(ctx, Payment.query(), ADMIN_PAYMENT_LIST, (payment: Payment) => payment.id)
    const rows = await adminPaymentRows(ids)
    return rows.map(serializeAdminPayment)
  }

  @inject()
  async refund({ auth, params, request }: HttpContext, refund: RefundPaymentAsOperator): Promise<AdminPaymentDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    return refund.handle(auth.getUserOrFail(), params.id, reason)
  }

  async invoices(ctx: HttpContext): Promise<AdminInvoiceDto[]> {
    const rows: Invoice[] = await paginate(ctx, Invoice.query(), ADMIN_INVOICE_LIST, (invoice: Invoice) => invoice)
    const emails = await userEmails(rows.flatMap((row) => row.userId ?? []))
    const invoices = await serializeInvoices(rows)
    return invoices.map((invoice, index) => ({
      ...invoice,
      userId: rows[index].userId,
      userEmail: rows[index].userId === null ? null : (emails.get(rows[index].userId!) ?? null),
    }))
  }

  async invoicePdf({ params, response }: HttpContext) {
    const invoice = await Invoice.find(params.id)
    if (!invoice) throw new NotFoundError('Invoice not found')
    const [shown] = await serializeInvoices([invoice])
    return sendInvoicePdf(response, shown)
  }
}
