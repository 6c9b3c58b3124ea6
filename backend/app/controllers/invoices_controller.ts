/*
 * Tax invoices and credit notes (docs/decisions.md D33): the owner's list (Refine), one as JSON in paise, and its PDF.
 */
import type { HttpContext } from '@adonisjs/core/http'
import Invoice from '#models/invoice'
import InvoicePolicy from '#policies/invoice_policy'
import { serializeInvoices } from '#serializers/invoices'
import { sendInvoicePdf } from '#services/invoices/invoice_pdf'
import { paginate } from '#lib/list_query'
import { INVOICE_LIST } from '#queries/list_specs'
import type { InvoiceDto } from '#types/api'

async function invoiceOf({ bouncer, params }: HttpContext) {
  const invoice = await Invoice.find(params.id)
  await bouncer.with(InvoicePolicy).authorize('view', invoice)
  const [shown] = await serializeInvoices([invoice!])
  return shown
}

export default class InvoicesController {
  async index(ctx: HttpContext): Promise<InvoiceDto[]> {
    await ctx.bouncer.with(InvoicePolicy).authorize('viewAny')
    const query = InvoicePolicy.visible(ctx.tenant.member)
    return serializeInvoices(await paginate(ctx, query, INVOICE_LIST, (invoice: Invoice) => invoice))
  }

  async show(ctx: HttpContext): Promise<InvoiceDto> {
    return invoiceOf(ctx)
  }

  async pdf(ctx: HttpContext) {
    return sendInvoicePdf(ctx.response, await invoiceOf(ctx))
  }
}
