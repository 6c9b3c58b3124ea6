/*
 * The invoice PDF read back as a PDF reader reads it (pdf.js): one A4 page, the text a GST invoice must carry
 * (numbers, GSTINs, states, SAC, the tax rows, amounts with ₹, the total in words), its metadata, its embedded fonts,
 * and the same bytes for the same invoice.
 */
import { test } from '@japa/runner'
import { renderInvoicePdf } from '#services/invoices/invoice_pdf'
import { SELLER, creditNote, interStateInvoice, intraStateInvoice, readPdf as read } from '#tests/helpers/invoices'

/** Text without its spaces and line breaks, for text that may wrap anywhere. */
const squeezed = (text: string) => text.replace(/\s+/g, '')

test.group('Invoice PDF', (group) => {
  // A PDF to render and read back per test, on a CI machine that may be busy.
  group.each.timeout(15_000)

  test('an invoice within the seller’s state: one A4 page with both parties, CGST and SGST', async ({ assert }) => {
    const pdf = await renderInvoicePdf(intraStateInvoice())
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')
    const { pages, size, lines, text } = await read(pdf)

    assert.equal(pages, 1)
    assert.deepEqual(size, [595, 842])
    assert.include(lines, 'Tax Invoice')
    assert.notInclude(text, 'Credit Note')
    // The seller.
    assert.include(lines, 'ReviewRoute Technologies Private Limited')
    assert.include(lines, '3rd Floor, 42 Residency Road, Shanthala Nagar, Bengaluru 560025')
    assert.include(lines, 'GSTIN: 29AAGCR4375J1ZU')
    assert.include(lines, 'State: Karnataka (29)')
    // The buyer, after "Bill to".
    assert.isAbove(lines.indexOf('Chai & Co Hospitality LLP'), lines.indexOf('Bill to'))
    assert.include(lines, '12, 5th Cross, Indiranagar 2nd Stage, Bengaluru 560038')
    assert.include(lines, 'GSTIN: 29AAFCC1234K1ZO')
    // Number, date in India (30 April 20:00 UTC is 1 May), place of supply, reverse charge.
    assert.include(lines, 'Invoice no. RR/2026-27/00001')
    assert.include(lines, 'Invoice date 01 May 2026')
    assert.include(lines, 'Place of supply Karnataka (29)')
    assert.include(lines, 'Reverse charge No')
    // The line, the tax and the total.
    assert.include(lines, '# Description of service SAC Taxable value')
    assert.include(lines, '1 ReviewRoute Pro (12 months) 998314 ₹2,117.80')
    assert.include(lines, 'Taxable value ₹2,117.80')
    assert.include(lines, 'CGST @ 9% ₹190.60')
    assert.include(lines, 'SGST @ 9% ₹190.60')
    assert.notInclude(text, 'IGST')
    assert.include(lines, 'Total ₹2,499.00')
    assert.include(lines, 'Rupees Two Thousand Four Hundred Ninety-Nine Only')
    assert.equal(lines.at(-1), 'This is a computer-generated invoice.')
  })

  test('an invoice to another state: IGST at the full rate, the place of supply is the buyer’s state', async ({ assert }) => {
    const { pages, lines, text } = await read(await renderInvoicePdf(interStateInvoice()))

    assert.equal(pages, 1)
    assert.include(lines, 'Mehta Dental Clinics Private Limited')
    assert.include(lines, 'GSTIN: 27AABCM5678N1ZS')
    assert.include(lines, 'State: Maharashtra (27)')
    assert.include(lines, 'Place of supply Maharashtra (27)')
    assert.include(lines, 'Invoice date 14 May 2026')
    assert.include(lines, 'IGST @ 18% ₹381.20')
    assert.notInclude(text, 'CGST')
    assert.notInclude(text, 'SGST')
    assert.include(lines, 'Total ₹2,499.00')
  })

  test('a buyer without a GSTIN is "Unregistered"', async ({ assert }) => {
    const invoice = intraStateInvoice()
    const { lines } = await read(await renderInvoicePdf({ ...invoice, buyer: { ...invoice.buyer, legalName: 'Ananya Rao', gstin: null } }))
    assert.include(lines, 'Ananya Rao')
    assert.include(lines, 'GSTIN: Unregistered')
    assert.include(lines, 'GSTIN: 29AAGCR4375J1ZU')
  })

  test('a credit note says so and names the invoice it is against', async ({ assert }) => {
    const { pages, lines, text, info } = await read(await renderInvoicePdf(creditNote()))

    assert.equal(pages, 1)
    assert.include(lines, 'Credit Note')
    assert.notInclude(text, 'Tax Invoice')
    assert.include(squeezed(text), squeezed('Against invoice RR/2026-27/00001 dated 01 May 2026'))
    assert.include(lines, 'Credit note no. RRCN/26-27/00001')
    assert.include(lines, 'Credit note date 20 May 2026')
    assert.include(lines, 'Total credit ₹2,499.00')
    assert.equal(lines.at(-1), 'This is a computer-generated credit note.')
    assert.equal(info.Title, 'RRCN/26-27/00001')
  })

  test('large amounts keep Indian grouping and the page stays one page', async ({ assert }) => {
    const invoice = interStateInvoice()
    const totalInWords =
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only'
    const { pages, lines, text } = await read(
      await renderInvoicePdf({
        ...invoice,
        description: 'ReviewRoute Pro (12 months) for 25 businesses, from 14 May 2026 to 13 May 2027, with unlimited review requests',
        buyer: { ...invoice.buyer, address: `${invoice.buyer.address}, ${invoice.buyer.address}` },
        taxableValue: 8_47_45_762_71,
        igst: 1_52_54_237_28,
        total: 99_99_99_999_99,
        totalInWords,
      })
    )
    assert.equal(pages, 1)
    assert.include(lines, 'Total ₹99,99,99,999.99')
    assert.include(lines, 'IGST @ 18% ₹1,52,54,237.28')
    // Wrapped over lines, perhaps after a hyphen.
    assert.include(squeezed(text), squeezed(totalInWords))
  })

  test('metadata, embedded fonts and the same bytes for the same invoice', async ({ assert }) => {
    const invoice = intraStateInvoice()
    const pdf = await renderInvoicePdf(invoice)
    const { info } = await read(pdf)

    assert.equal(info.Title, 'RR/2026-27/00001')
    assert.equal(info.Author, SELLER.legalName)
    assert.equal(info.CreationDate, 'D:20260430200000Z')
    // Noto Sans regular and bold are in the file (subset, with their glyph programs); no font is left to the reader.
    const raw = pdf.toString('latin1')
    assert.match(raw, /\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/)
    assert.match(raw, /\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/)
    assert.equal(raw.match(/\/FontFile2 /g)?.length, 2)
    assert.notMatch(raw, /\/BaseFont \/(Helvetica|Times|Courier)/)

    assert.isTrue(pdf.equals(await renderInvoicePdf(invoice)))
    assert.isFalse(pdf.equals(await renderInvoicePdf(interStateInvoice())))
  })
})
