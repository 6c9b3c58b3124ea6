/*
 * Invoices as GET /api/invoices/{id} gives them, for tests of what is made from one (the PDF, the receipt mail):
 * ReviewRoute Pro for ₹2,499 incl. 18% GST to a buyer in the seller's state (CGST + SGST), one in another state
 * (IGST), and a credit note against the first.
 */
import type { InvoiceDto, InvoicePartyDto } from '#types/api'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** Page count, the document's info dictionary and page 1's text, one line per line of the page. */
export async function readPdf(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise
  const info = (await document.getMetadata()).info as unknown as Record<string, string>
  const page = await document.getPage(1)
  const [, , width, height] = page.view
  const { items } = await page.getTextContent()
  const text = items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  await document.destroy()
  return { pages: document.numPages, size: [Math.round(width), Math.round(height)], info, lines: text, text: text.join('\n') }
}

export const SELLER: InvoicePartyDto = {
  legalName: 'ReviewRoute Technologies Private Limited',
  address: '3rd Floor, 42 Residency Road, Shanthala Nagar, Bengaluru 560025',
  stateCode: '29',
  stateName: 'Karnataka',
  gstin: '29AAGCR4375J1ZU',
}

/** ₹2,499.00 split as splitGst (#contract/gst) splits it: taxable value ₹2,117.80 and tax ₹381.20. */
const PRICE = { taxableValue: 211780, tax: 38120, total: 249900 }

/** Bought within Karnataka: CGST + SGST. */
export const intraStateInvoice = (): InvoiceDto => ({
  id: 1,
  number: 'RR/2026-27/00001',
  kind: 'invoice',
  // 1 May 2026, 01:30 in India: still 30 April in UTC.
  issuedAt: '2026-04-30T20:00:00.000Z',
  refersTo: null,
  paymentId: 11,
  seller: SELLER,
  buyer: {
    legalName: 'Chai & Co Hospitality LLP',
    address: '12, 5th Cross, Indiranagar 2nd Stage, Bengaluru 560038',
    stateCode: '29',
    stateName: 'Karnataka',
    gstin: '29AAFCC1234K1ZO',
  },
  placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
  sac: '998314',
  description: 'ReviewRoute Pro (12 months)',
  taxRatePercent: 18,
  taxableValue: PRICE.taxableValue,
  cgst: PRICE.tax / 2,
  sgst: PRICE.tax / 2,
  igst: 0,
  total: PRICE.total,
  totalInWords: 'Rupees Two Thousand Four Hundred Ninety-Nine Only',
  reverseCharge: false,
  currency: 'INR',
})

/** Bought from Maharashtra: IGST. */
export const interStateInvoice = (): InvoiceDto => ({
  ...intraStateInvoice(),
  id: 2,
  number: 'RR/2026-27/00002',
  issuedAt: '2026-05-14T06:45:00.000Z',
  paymentId: 12,
  buyer: {
    legalName: 'Mehta Dental Clinics Private Limited',
    address: 'Shop 4, Sai Krupa Building, S. V. Road, Andheri West, Mumbai 400058',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: '27AABCM5678N1ZS',
  },
  placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
  cgst: 0,
  sgst: 0,
  igst: PRICE.tax,
})

/** The whole of the first invoice credited back. */
export const creditNote = (): InvoiceDto => {
  const invoice = intraStateInvoice()
  return {
    ...invoice,
    id: 3,
    number: 'RRCN/26-27/00001',
    kind: 'credit_note',
    issuedAt: '2026-05-20T09:15:00.000Z',
    refersTo: { id: invoice.id, number: invoice.number, issuedAt: invoice.issuedAt },
  }
}
