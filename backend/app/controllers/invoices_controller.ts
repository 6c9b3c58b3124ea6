/*
 * Tax invoices and credit notes (docs/decisions.md D33): the owner's list (Refine), one as JSON in paise, and its PDF.
 */
import type { HttpContext } from '@adonisjs/core/http'
import Invoice from '#models/invoice'
import { serializeInvoice } from '#serializers/invoices'
import { renderInvoicePdf } from '#services/invoices/invoice_pdf'
import { NotFoundError } from '#exceptions/app_errors'
import { paginate } from '#lib/list_query'
import { INVOICE_LIST } from '#lib/list_specs'
import type { InvoiceDto } from '#types/api'

async function invoiceOrFail(userId: number, id: number) {
  const invoice = await Invoice.query().where('id', id).where('user_id', userId).first()
  if (!invoice) throw new NotFoundError('Invoice not found')
  const refersTo = invoice.refersToInvoiceId === null ? null : await Invoice.find(invoice.refersToInvoiceId)
  return serializeInvoice(invoice, refersTo)
}

export default class InvoicesController {
  async index(ctx: HttpContext): Promise<InvoiceDto[]> {
    const query = Invoice.query().where('user_id', ctx.auth.getUserOrFail().id)
    const rows = await paginate(ctx, query, INVOICE_LIST, (invoice) => invoice)
    const referred = new Map((await Invoice.query().whereIn('id', rows.flatMap((row) => row.refersToInvoiceId ?? []))).map((row) => [row.id, row]))
    return rows.map((invoice) => serializeInvoice(invoice, referred.get(invoice.refersToInvoiceId ?? 0) ?? null))
  }

  async show({ auth, params }: HttpContext): Promise<InvoiceDto> {
    return invoiceOrFail(auth.getUserOrFail().id, params.id)
  }

  async pdf({ auth, params, response }: HttpContext) {
    const invoice = await invoiceOrFail(auth.getUserOrFail().id, params.id)
    const pdf = await renderInvoicePdf(invoice)
    response.header('Content-Type', 'application/pdf')
    response.header('Content-Disposition', `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`)
    response.header('Cache-Control', 'private, no-store')
    return response.send(pdf)
  }
}
