/*
 * Tax invoices and credit notes (docs/decisions.md D33): the owner's list (Refine), one as JSON in paise, and its PDF.
 */
import type { HttpContext } from '@adonisjs/core/http'
import Invoice from '#models/invoice'
import { serializeInvoices } from '#serializers/invoices'
import { sendInvoicePdf } from '#services/invoices/invoice_pdf'
import { NotFoundError } from '#exceptions/app_errors'
import { paginate } from '#lib/list_query'
import { INVOICE_LIST } from '#lib/list_specs'
import type { InvoiceDto } from '#types/api'

async function invoiceOrFail(userId: number, id: number) {
  const invoice = await Invoice.query().where('id', id).where('user_id', userId).first()
  if (!invoice) throw new NotFoundError('Invoice not found')
  return (await serializeInvoices([invoice]))[0]
}

export default class InvoicesController {
  async index(ctx: HttpContext): Promise<InvoiceDto[]> {
    const query = Invoice.query().where('user_id', ctx.auth.getUserOrFail().id)
    return serializeInvoices(await paginate(ctx, query, INVOICE_LIST, (invoice: Invoice) => invoice))
  }

  async show({ auth, params }: HttpContext): Promise<InvoiceDto> {
    return invoiceOrFail(auth.getUserOrFail().id, params.id)
  }

  async pdf({ auth, params, response }: HttpContext) {
    return sendInvoicePdf(response, await invoiceOrFail(auth.getUserOrFail().id, params.id))
  }
}
