/*
 * The payment receipt as it is written to the wire (file transport, parsed back with mailparser): subject with the
 * amount and invoice number, both parts, the kind header, and the invoice PDF attached under its number.
 */
import { test } from '@japa/runner'
import { simpleParser } from 'mailparser'
import ReceiptMail from '#mails/receipt_mail'
import { renderInvoicePdf } from '#services/invoices/invoice_pdf'
import { fileMailbox } from '#tests/helpers/mailbox'
import { interStateInvoice, intraStateInvoice } from '#tests/helpers/invoices'

const PAYER = { email: 'farida@chaiandco.test', name: 'Farida Khan' }

test.group('Receipt mail', () => {
  test('says what was paid and carries the tax invoice as a PDF named after its number', async ({ assert, cleanup }) => {
    const mailbox = await fileMailbox(cleanup)
    const invoice = intraStateInvoice()
    const pdf = await renderInvoicePdf(invoice)

    await mailbox.mailer.send(new ReceiptMail(PAYER, invoice, pdf))

    const [sent] = await mailbox.read()
    assert.equal(sent.kind, 'receipt')
    assert.equal(sent.to, PAYER.email)
    assert.equal(sent.subject, 'Payment received: ₹2,499.00 for ReviewRoute Pro (12 months) (invoice RR/2026-27/00001)')
    for (const part of [sent.text, sent.html]) {
      assert.include(part, 'Hi Farida Khan,')
      assert.include(part, 'ReviewRoute Pro (12 months)')
      assert.include(part, 'RR/2026-27/00001 of 01 May 2026')
      assert.include(part, 'RR-2026-27-00001.pdf')
      assert.include(part, '₹2,117.80')
      assert.include(part, '₹190.60')
    }
    assert.include(sent.text, 'CGST @ 9%: ₹190.60')
    assert.include(sent.text, 'SGST @ 9%: ₹190.60')
    assert.include(sent.text, 'Total paid (incl. GST): ₹2,499.00')
    assert.notInclude(sent.text, 'IGST')
    assert.include(sent.links, 'http://localhost:3333/billing')
    assert.include(sent.text, 'because you paid for a ReviewRoute plan')

    const [raw] = await mailbox.raw()
    const { attachments } = await simpleParser(raw)
    assert.lengthOf(attachments, 1)
    const [attachment] = attachments
    assert.equal(attachment.filename, 'RR-2026-27-00001.pdf')
    assert.equal(attachment.contentType, 'application/pdf')
    assert.equal(attachment.contentDisposition, 'attachment')
    assert.equal(attachment.content.subarray(0, 5).toString(), '%PDF-')
    assert.isTrue(attachment.content.equals(pdf))
  })

  test('an invoice to another state lists IGST', async ({ assert, cleanup }) => {
    const mailbox = await fileMailbox(cleanup)
    const invoice = interStateInvoice()

    await mailbox.mailer.send(new ReceiptMail({ ...PAYER, name: ' ' }, invoice, await renderInvoicePdf(invoice)))

    const [sent] = await mailbox.read()
    assert.equal(sent.subject, 'Payment received: ₹2,499.00 for ReviewRoute Pro (12 months) (invoice RR/2026-27/00002)')
    assert.include(sent.text, 'Hi there,')
    assert.include(sent.text, 'IGST @ 18%: ₹381.20')
    assert.notInclude(sent.text, 'CGST')
    assert.equal(sent.attachments, 1)
  })
})
