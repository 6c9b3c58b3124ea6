import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import Invoice, { InvoiceKind } from '#models/invoice'
import User from '#models/user'
import ReceiptMail from '#mails/receipt_mail'
import { renderInvoicePdf } from '#services/invoices/invoice_pdf'
import { serializeInvoice } from '#serializers/invoices'
import { clock } from '#lib/clock'

/** The sweep leaves invoices this young to their own job. */
const SWEEP_AFTER_MINUTES = 2

/**
 * The receipt mail after each payment, with the tax invoice's PDF attached (docs/decisions.md D33). Each invoice is
 * claimed with one conditional UPDATE of `mailed_at` (a second run finds it taken), released when the mail fails so
 * the retry sends it; the sweep every 10 minutes mails invoices whose job was lost. An owner who has since deleted
 * their account gets nothing (the invoice is kept).
 */
export default class ReceiptMailJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  async handle({ invoiceId }: { invoiceId?: number }) {
    if (invoiceId !== undefined) return { mailed: (await this.mail(invoiceId)) ? 1 : 0 }
    const due = await db
      .from('invoices')
      .where('kind', InvoiceKind.Invoice)
      .whereNull('mailed_at')
      .where('created_at', '<=', clock.now().minus({ minutes: SWEEP_AFTER_MINUTES }).toJSDate())
      .orderBy('id')
      .limit(200)
      .select('id')
    let mailed = 0
    for (const { id } of due) if (await this.mail(id)) mailed++
    return { mailed }
  }

  private async mail(invoiceId: number) {
    const claimed = await db
      .from('invoices')
      .where('id', invoiceId)
      .where('kind', InvoiceKind.Invoice)
      .whereNull('mailed_at')
      .update({ mailed_at: clock.now().toJSDate() })
    if (!Number(claimed)) return false
    const invoice = await Invoice.findOrFail(invoiceId)
    const owner = invoice.userId === null ? null : await User.find(invoice.userId)
    if (!owner) return false
    try {
      const dto = serializeInvoice(invoice)
      const name = [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim() || invoice.buyer.legalName
      await this.mailer.send(new ReceiptMail({ email: owner.email, name }, dto, await renderInvoicePdf(dto)))
      return true
    } catch (error) {
      await db.from('invoices').where('id', invoiceId).update({ mailed_at: null })
      logger.warn({ err: error, invoiceId }, 'the receipt mail could not be sent; it is retried')
      throw error
    }
  }
}
