import Invoice from '#models/invoice'
import { gstStateName, GST_RATE_PERCENT } from '#contract/gst'
import { rupeesInWords } from '#lib/amount_in_words'
import type { InvoiceDto } from '#types/api'

/** An invoice or credit note as the API and the PDF show it; `refersTo`: a credit note's invoice. */
export function serializeInvoice(invoice: Invoice, refersTo: Invoice | null = null): InvoiceDto {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    issuedAt: invoice.issuedAt.toISO()!,
    refersTo: refersTo ? { id: refersTo.id, number: refersTo.number, issuedAt: refersTo.issuedAt.toISO()! } : null,
    paymentId: invoice.paymentId,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: { stateCode: invoice.placeOfSupply, stateName: gstStateName(invoice.placeOfSupply) ?? invoice.placeOfSupply },
    sac: invoice.sac,
    description: invoice.description,
    taxRatePercent: GST_RATE_PERCENT,
    taxableValue: invoice.taxableValue,
    cgst: invoice.cgst,
    sgst: invoice.sgst,
    igst: invoice.igst,
    total: invoice.total,
    totalInWords: rupeesInWords(invoice.total),
    reverseCharge: false,
    currency: 'INR',
  }
}

/** Invoices as the API lists them, each credit note with its invoice (read in one query for the whole page). */
export async function serializeInvoices(rows: Invoice[]): Promise<InvoiceDto[]> {
  const ids = rows.flatMap((row) => row.refersToInvoiceId ?? [])
  const referred = new Map((ids.length ? await Invoice.query().whereIn('id', ids) : []).map((row) => [row.id, row]))
  return rows.map((invoice) => serializeInvoice(invoice, referred.get(invoice.refersToInvoiceId ?? 0) ?? null))
}
