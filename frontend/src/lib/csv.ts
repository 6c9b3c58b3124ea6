/*
 * CSV export (RFC 4180 quoting) that is safe to open in a spreadsheet: text a spreadsheet would run as a
 * formula (starting with = + - @, or a tab/carriage return that hides one) is prefixed with a quote, since
 * feedback text is typed by anonymous customers.
 */
import { indianMobileDigits } from '@reviewroute/backend/contract/phone'
import { ratingSource } from '@reviewroute/backend/contract/vocabulary'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { download } from '@reviewroute/web-shared/download'
import { TIME_ZONE } from './dates'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | boolean | null | undefined) {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows joined with CRLF, as RFC 4180 and Excel expect. */
export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]) {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** '2026-11-21 15:30' in India's time zone: sorts as text and reads in any spreadsheet. */
export function csvDateTime(value: string) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value])
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

export const FEEDBACK_CSV_HEADER = [
  'Date (Asia/Kolkata)',
  'Rating',
  'Feedback',
  'Resolved',
  'Source',
  'Rated in',
  'Call-back name',
  'Call-back phone (+91)',
]

type FeedbackRow = Pick<
  ReviewSessionDto,
  'createdAt' | 'rating' | 'feedback' | 'resolved' | 'reviewRequestId' | 'customer' | 'staff' | 'source' | 'contactName' | 'contactPhone'
>

/** Where the rating was given: the customer page, or inside WhatsApp with a request's buttons. */
export const RATED_IN: Record<ReviewSessionDto['source'], string> = { page: 'Customer page', whatsapp: 'WhatsApp' }

/**
 * The call-back columns hold only what the customer chose to share with the "contact me" tick: their name and
 * mobile, the 10 digits grouped as they are read out ('98765 43210'; the header says +91, and a cell starting with
 * '+' would be taken for a formula).
 */
const callBackPhone = (phone: string | null) => {
  const digits = phone ? indianMobileDigits(phone) : null
  return digits ? `${digits.slice(0, 5)} ${digits.slice(5)}` : ''
}

/**
 * The inbox's rows as a spreadsheet: when, the rating and its words, where it came from (the link, and whether it was
 * given on the customer page or inside WhatsApp) and whom to call back; from the inbox of every business
 * (`businessOf`), first the business each was left for.
 */
export function feedbackCsv<Row extends FeedbackRow>(sessions: Row[], businessOf?: (session: Row) => string) {
  const cells = (session: Row) => [
    csvDateTime(session.createdAt),
    session.rating,
    session.feedback ?? '',
    session.resolved ? 'Yes' : 'No',
    ratingSource(session),
    RATED_IN[session.source] ?? RATED_IN.page,
    session.contactPhone ? (session.contactName?.trim() ?? '') : '',
    callBackPhone(session.contactPhone),
  ]
  if (!businessOf) return toCsv(FEEDBACK_CSV_HEADER, sessions.map(cells))
  return toCsv(
    ['Business', ...FEEDBACK_CSV_HEADER],
    sessions.map((session) => [businessOf(session), ...cells(session)])
  )
}

/** '{business}_feedback_{YYYY-MM-DD}.csv', the name lowercased with non-alphanumerics as _ (like the QR file). */
export function feedbackCsvFileName(businessName: string, now = new Date()) {
  const name =
    businessName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'business'
  return `${name}_feedback_${csvDateTime(now.toISOString()).slice(0, 10)}.csv`
}

/** Saves the CSV with a byte-order mark so Excel reads the UTF-8 (Hindi feedback, ₹) correctly. */
export function downloadCsv(csv: string, fileName: string) {
  download(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName)
}
