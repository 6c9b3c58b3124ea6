/*
 * The receipt for a paid plan (docs/decisions.md D33): the amount, what it paid for and the tax in it, with the tax
 * invoice attached as a PDF named after its number ("RR-2026-27-00001.pdf").
 */
import type { InvoiceDto } from '#types/api'
import { AppMail, linkTo } from '#mails/app_mail'
import { formatRupees } from '#lib/amount_in_words'
import { invoiceDate, invoiceFileName } from '#services/invoices/invoice_pdf'

export { invoiceFileName }

export default class ReceiptMail extends AppMail {
  protected template = 'receipt'
  protected kind = 'receipt'
  protected recipient: string

  constructor(
    private payer: { email: string; name: string },
    private invoice: InvoiceDto,
    private pdf: Buffer
  ) {
    super()
    this.recipient = payer.email
    this.subject = `Payment received: ${formatRupees(invoice.total)} for ${invoice.description} (invoice ${invoice.number})`
  }

  /** Taxable value, the tax rows as the invoice shows them, and the total. */
  private summary() {
    const { invoice } = this
    const half = invoice.taxRatePercent / 2
    const tax: [string, number][] =
      invoice.cgst > 0 || invoice.sgst > 0
        ? [
            [`CGST @ ${half}%`, invoice.cgst],
            [`SGST @ ${half}%`, invoice.sgst],
          ]
        : [[`IGST @ ${invoice.taxRatePercent}%`, invoice.igst]]
    return [['Taxable value', invoice.taxableValue] as [string, number], ...tax].map(([label, amount]) => ({
      label,
      value: formatRupees(amount),
    }))
  }

  protected content() {
    const { invoice } = this
    return {
      heading: 'Thank you for your payment',
      name: this.payer.name.trim() || 'there',
      amount: formatRupees(invoice.total),
      description: invoice.description,
      number: invoice.number,
      date: invoiceDate(invoice.issuedAt),
      fileName: invoiceFileName(invoice),
      summary: this.summary(),
      button: { label: 'Open billing', url: linkTo('/billing') },
      reason: 'You get this mail because you paid for a ReviewRoute plan; mails about your account and payments always go to your address.',
    }
  }

  prepare() {
    super.prepare()
    this.message.attachData(this.pdf, { filename: invoiceFileName(this.invoice), contentType: 'application/pdf' })
  }
}
