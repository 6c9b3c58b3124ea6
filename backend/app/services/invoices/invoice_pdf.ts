/*
 * A tax invoice or credit note as a one-page A4 PDF (docs/decisions.md D33): seller and buyer with their states and
 * GSTINs, number, date (IST) and place of supply, the service line with its SAC, CGST + SGST within the seller's state
 * or IGST across states, the total in figures and words. Noto Sans (regular and bold, with the ₹ sign) is embedded
 * from its npm package, so the PDF looks the same everywhere and depends on no system font; the same invoice always
 * gives the same bytes (the creation date is the issue date).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { DateTime } from 'luxon'
import type { Response } from '@adonisjs/core/http'
import type { InvoiceDto, InvoicePartyDto } from '#types/api'
import { formatRupees } from '#lib/amount_in_words'
import { BUSINESS_TIME_ZONE } from '#lib/constants'

type Doc = PDFKit.PDFDocument

const REGULAR = 'NotoSans'
const BOLD = 'NotoSans-Bold'
const FONT_FILES = {
  [REGULAR]: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  [BOLD]: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
}

/** A4 in points, and the page's margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 48 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const RIGHT = PAGE.width - PAGE.margin
/** The right-hand columns: the title, the invoice's details, the totals; and the gap left of them. */
const TITLE_WIDTH = 180
const TITLE_X = RIGHT - TITLE_WIDTH
const DETAILS_WIDTH = 230
const DETAILS_X = RIGHT - DETAILS_WIDTH
const TOTALS_WIDTH = 250
const TOTALS_X = RIGHT - TOTALS_WIDTH
const GUTTER = 16
const COLORS = { text: '#111827', body: '#374151', muted: '#6b7280', accent: '#4f46e5', rule: '#d1d5db', fill: '#f3f4f6' }

let fonts: Promise<Record<string, Buffer>> | undefined
/** The font files, read once. */
function loadFonts() {
  const require = createRequire(import.meta.url)
  fonts ??= Promise.all(
    Object.entries(FONT_FILES).map(async ([name, file]) => [name, await readFile(require.resolve(file))] as const)
  ).then(Object.fromEntries)
  return fonts
}

/** "2026-04-12T…Z" → "12 Apr 2026", the day in India. */
export const invoiceDate = (iso: string) => DateTime.fromISO(iso, { zone: BUSINESS_TIME_ZONE }).setLocale('en-US').toFormat('dd LLL yyyy')

const stateWithCode = (of: { stateName: string; stateCode: string }) => `${of.stateName} (${of.stateCode})`

interface Style {
  width: number
  size?: number
  bold?: boolean
  color?: string
  align?: 'left' | 'right' | 'center'
}

/** Writes `text` at (x, y), wrapped to `width`, and gives the y just below it. */
function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  { width, size = 9.5, bold = false, color = COLORS.text, align = 'left' }: Style
) {
  doc
    .font(bold ? BOLD : REGULAR)
    .fontSize(size)
    .fillColor(color)
    .text(text, x, y, { width, align, lineGap: 1 })
  return doc.y
}

function rule(doc: Doc, y: number, x = PAGE.margin, width = CONTENT_WIDTH, color = COLORS.rule) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke()
}

/** A party's name, address, state and GSTIN; gives the y below them. */
function party(doc: Doc, who: InvoicePartyDto, x: number, y: number, width: number, nameSize: number) {
  y = write(doc, who.legalName, x, y, { width, size: nameSize, bold: true }) + 2
  y = write(doc, who.address, x, y, { width, size: 9, color: COLORS.body })
  y = write(doc, `State: ${stateWithCode(who)}`, x, y, { width, size: 9, color: COLORS.body }) + 1
  return write(doc, `GSTIN: ${who.gstin ?? 'Unregistered'}`, x, y, { width, size: 9, bold: true })
}

/** The seller on the left; the title (and a credit note's invoice) on the right. */
function header(doc: Doc, invoice: InvoiceDto, y: number) {
  const sellerBottom = party(doc, invoice.seller, PAGE.margin, y, TITLE_X - GUTTER - PAGE.margin, 13)
  const title = invoice.kind === 'credit_note' ? 'Credit Note' : 'Tax Invoice'
  const style = { width: TITLE_WIDTH, align: 'right' } as const
  let titleBottom = write(doc, title, TITLE_X, y - 3, { ...style, size: 20, bold: true, color: COLORS.accent })
  if (invoice.refersTo) {
    const against = `Against invoice ${invoice.refersTo.number}\ndated ${invoiceDate(invoice.refersTo.issuedAt)}`
    titleBottom = write(doc, against, TITLE_X, titleBottom + 2, { ...style, size: 9, color: COLORS.body })
  }
  return Math.max(sellerBottom, titleBottom)
}

/** "Bill to" on the left; number, date, place of supply and reverse charge on the right. */
function parties(doc: Doc, invoice: InvoiceDto, y: number) {
  const width = DETAILS_X - GUTTER - PAGE.margin
  write(doc, 'Bill to', PAGE.margin, y, { width, size: 8.5, bold: true, color: COLORS.muted })
  const buyerBottom = party(doc, invoice.buyer, PAGE.margin, y + 14, width, 11)

  const noun = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'
  const details = [
    [`${noun} no.`, invoice.number],
    [`${noun} date`, invoiceDate(invoice.issuedAt)],
    ['Place of supply', stateWithCode(invoice.placeOfSupply)],
    ['Reverse charge', invoice.reverseCharge ? 'Yes' : 'No'],
  ]
  let detailsBottom = y
  for (const [label, value] of details) {
    write(doc, label, DETAILS_X, detailsBottom, { width: 90, size: 9, color: COLORS.muted })
    detailsBottom =
      write(doc, value, DETAILS_X + 90, detailsBottom, { width: DETAILS_WIDTH - 90, size: 9.5, bold: true, align: 'right' }) + 4
  }
  return Math.max(buyerBottom, detailsBottom)
}

const COLUMNS = [
  { title: '#', x: PAGE.margin, width: 24, align: 'left' },
  { title: 'Description of service', x: PAGE.margin + 24, width: CONTENT_WIDTH - 24 - 90 - 120, align: 'left' },
  { title: 'SAC', x: RIGHT - 210, width: 90, align: 'left' },
  { title: 'Taxable value', x: RIGHT - 120, width: 120, align: 'right' },
] as const
const CELL_PADDING = 8

/** The line-item table: one service line. */
function lines(doc: Doc, invoice: InvoiceDto, y: number) {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 22).fill(COLORS.fill)
  for (const column of COLUMNS) {
    const x = column.x + (column.align === 'left' ? CELL_PADDING : -CELL_PADDING)
    write(doc, column.title, x, y + 6.5, { width: column.width, size: 8.5, bold: true, color: COLORS.muted, align: column.align })
  }
  y += 22 + CELL_PADDING
  const cells = ['1', invoice.description, invoice.sac, formatRupees(invoice.taxableValue)]
  let bottom = y
  COLUMNS.forEach((column, index) => {
    const x = column.x + (column.align === 'left' ? CELL_PADDING : -CELL_PADDING)
    const width = column.width - (column.align === 'left' ? 2 * CELL_PADDING : 0)
    bottom = Math.max(bottom, write(doc, cells[index], x, y, { width, size: 10, align: column.align }))
  })
  bottom += CELL_PADDING
  rule(doc, bottom)
  return bottom
}

/** Taxable value, the tax rows and the total, right-aligned under the table. */
function totals(doc: Doc, invoice: InvoiceDto, y: number) {
  const half = invoice.taxRatePercent / 2
  const rows: [string, number][] = [['Taxable value', invoice.taxableValue]]
  if (invoice.cgst > 0 || invoice.sgst > 0) rows.push([`CGST @ ${half}%`, invoice.cgst], [`SGST @ ${half}%`, invoice.sgst])
  else rows.push([`IGST @ ${invoice.taxRatePercent}%`, invoice.igst])

  y += 10
  for (const [label, amount] of rows) {
    write(doc, label, TOTALS_X + CELL_PADDING, y, { width: 140, size: 9.5, color: COLORS.body })
    y = write(doc, formatRupees(amount), TOTALS_X, y, { width: TOTALS_WIDTH - CELL_PADDING, size: 9.5, align: 'right' }) + 5
  }
  y += 2
  doc.rect(TOTALS_X, y, TOTALS_WIDTH, 28).fill(COLORS.fill)
  const label = invoice.kind === 'credit_note' ? 'Total credit' : 'Total'
  write(doc, label, TOTALS_X + CELL_PADDING, y + 6, { width: 120, size: 11.5, bold: true })
  write(doc, formatRupees(invoice.total), TOTALS_X, y + 6, { width: TOTALS_WIDTH - CELL_PADDING, size: 11.5, bold: true, align: 'right' })
  return y + 28
}

/** The total in words, across the page. */
function inWords(doc: Doc, invoice: InvoiceDto, y: number) {
  y = write(doc, 'Total in words', PAGE.margin, y, { width: CONTENT_WIDTH, size: 8.5, bold: true, color: COLORS.muted }) + 2
  return write(doc, invoice.totalInWords, PAGE.margin, y, { width: CONTENT_WIDTH, size: 10 })
}

function footer(doc: Doc, invoice: InvoiceDto) {
  const y = PAGE.height - PAGE.margin - 14
  rule(doc, y - 8)
  const line = 'This is a computer-generated invoice.'
  write(doc, invoice.kind === 'credit_note' ? line.replace('invoice', 'credit note') : line, PAGE.margin, y, {
    width: CONTENT_WIDTH,
    size: 8.5,
    color: COLORS.muted,
    align: 'center',
  })
}

function draw(doc: Doc, invoice: InvoiceDto) {
  doc.rect(0, 0, PAGE.width, 5).fill(COLORS.accent)
  let y = header(doc, invoice, PAGE.margin)
  rule(doc, (y += 16))
  y = parties(doc, invoice, y + 16)
  y = lines(doc, invoice, y + 22)
  y = totals(doc, invoice, y)
  inWords(doc, invoice, y + 22)
  footer(doc, invoice)
}

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(invoice: InvoiceDto): Promise<Buffer> {
  const files = await loadFonts()
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: invoice.number,
      Author: invoice.seller.legalName,
      Subject: `${invoice.kind === 'credit_note' ? 'Credit note' : 'Tax invoice'} ${invoice.number}`,
      Creator: 'ReviewRoute',
      CreationDate: new Date(invoice.issuedAt),
    },
  })
  for (const [name, data] of Object.entries(files)) doc.registerFont(name, data)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  draw(doc, invoice)
  doc.end()
  return done
}

/** The invoice's file name: its number with "/" as "-" ("RR-2026-27-00001.pdf"). */
export const invoiceFileName = (invoice: Pick<InvoiceDto, 'number'>) => `${invoice.number.replace(/\//g, '-')}.pdf`

/** Answers the invoice's PDF as a download, never cached on the way. */
export async function sendInvoicePdf(response: Response, invoice: InvoiceDto) {
  const pdf = await renderInvoicePdf(invoice)
  response.header('Content-Type', 'application/pdf')
  response.header('Content-Disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
  response.header('Cache-Control', 'private, no-store')
  return response.send(pdf)
}
