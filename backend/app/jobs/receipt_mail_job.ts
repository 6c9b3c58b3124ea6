import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MailerContract, MailTransportContract } from '@adonisjs/mail/types'
import Invoice, { InvoiceKind } from '#models/invoice'
import User from '#models/user'
import ReceiptMail from '#mails/receipt_mail'
import { renderInvoicePdf } from '#services/invoices/invoice_pdf'
import { serializeInvoice } from '#serializers/invoices'
import { clock } from '#lib/clock'
import { SendLease, retryWhenLeaseEnds } from '#lib/send_lease'
import type { Job } from 'bullmq'

/** The sweep leaves invoices this young to their own job. */
const SWEEP_AFTER_MINUTES = 2

/** An invoice not mailed yet, under the lease of `mail_claimed_at` while one is being mailed (docs/decisions.md D52). */
const receiptLease = new SendLease('invoices', 'mail_claimed_at', (query) =>
  query.where('invoices.kind', InvoiceKind.Invoice).whereNull('invoices.mailed_at')
)

/**
 * The receipt mail after each payment, with the tax invoice's PDF attached (docs/decisions.md D33). Each invoice is
 * claimed under a lease (`mail_claimed_at`, D52: a second run finds it taken), marked `mailed_at` once the mail
 * went, released when the mail fails so the retry sends it; the sweep every 10 minutes mails invoices whose job was
 * lost or whose worker died mid-send (a claim older than the lease), and a job that finds its invoice under a live
 * lease waits for it to end. An owner who has since deleted their account gets nothing (the invoice is kept).
 */
export default class ReceiptMailJob {
  constructor(private mailer: MailerContract<MailTransportContract> = mail.use()) {}

  async handle({ invoiceId }: { invoiceId?: number }, job?: Job) {
    if (invoiceId !== undefined) {
      if (await this.mail(invoiceId)) return { mailed: 1 }
      const heldUntil = await receiptLease.heldUntil(invoiceId)
      if (heldUntil !== null) await retryWhenLeaseEnds(job, heldUntil)
      return { mailed: 0 }
    }
    const due = await receiptLease
      .claimable()
      .where('created_at', '<=', clock.now().minus({ minutes: SWEEP_AFTER_MINUTES }).toJSDate())
      .orderBy('id')
      .limit(200)
      .select('id')
    let mailed = 0
    for (const { id } of due) if (await this.mail(id)) mailed++
    return { mailed }
  }

  private async mail(invoiceId: number) {
    const claimedAt = await receiptLease.claim(invoiceId)
    if (!claimedAt) return false
    const invoice = await Invoice.findOrFail(invoiceId)
    const owner = invoice.userId === null ? null : await User.find(invoice.userId)
    if (!owner) {
      await receiptLease.done(invoiceId, { mailed_at: clock.now().toJSDate() })
      return false
    }
    try {
      const dto = serializeInvoice(invoice)
      const name = [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim() || invoice.buyer.legalName
      await this.mailer.send(
        new ReceiptMail({ email: owner.email, name }, dto, await renderInvoicePdf(dto)).identified(`receipt-${invoiceId}`)
      )
    } catch (error) {
      await receiptLease.release(invoiceId, claimedAt)
      logger.warn({ err: error, invoiceId }, 'the receipt mail could not be sent; it is retried')
      throw error
    }
    await receiptLease.done(invoiceId, { mailed_at: clock.now().toJSDate() })
    return true
  }
}
