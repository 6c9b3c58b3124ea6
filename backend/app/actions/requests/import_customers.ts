import Papa from 'papaparse'
import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import { normalizeIndianPhone } from '#lib/phone'
import { upsertCustomers } from '#actions/requests/save_customer'
import type { CustomerImportResponse, CustomerImportRow } from '#types/api'

/** Rows one import may carry: a year of a busy shop's customers, and a bound on the work of one request. */
export const IMPORT_MAX_ROWS = 10_000
const CHUNK = 500
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Header names owners' spreadsheets use for each column (compared lower-case, trimmed). */
const COLUMNS: Record<'name' | 'phone' | 'email', string[]> = {
  name: ['name', 'customer', 'customer name', 'full name', 'नाम'],
  phone: ['phone', 'mobile', 'phone number', 'mobile number', 'whatsapp', 'contact', 'फ़ोन', 'मोबाइल'],
  email: ['email', 'e-mail', 'email address'],
}

interface Parsed {
  row: number
  name: string
  phone: string
  email: string | null
}

/**
 * A CSV of customers (docs/decisions.md D32) with columns name, phone, email (in any order under any of the usual
 * header names, or in that order without a header row; a BOM and quoted commas are fine). Each row gets a result: created, merged (the business already
 * has this number, or an earlier row had it: the later name and email win) or skipped with its errors; bad rows
 * never stop good ones. With `dryRun` nothing is stored. Consent is the owner's, confirmed for the whole file.
 */
export default class ImportCustomers {
  async handle(business: Business, csv: string, dryRun: boolean): Promise<CustomerImportResponse> {
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
    const index = this.columns(parsed.data[0] ?? [])
    const lines = index.header ? parsed.data.slice(1) : parsed.data
    const rows: CustomerImportRow[] = []
    const good = new Map<string, Parsed>()

    lines.slice(0, IMPORT_MAX_ROWS).forEach((cells, i) => {
      const row = i + 1
      const name = (cells[index.name] ?? '').trim()
      const rawPhone = (cells[index.phone] ?? '').trim()
      const email = index.email >= 0 ? (cells[index.email] ?? '').trim().toLowerCase() : ''
      const errors: string[] = []
      if (!name) errors.push('The name is missing.')
      if (name.length > 100) errors.push('The name is longer than 100 characters.')
      const phone = normalizeIndianPhone(rawPhone)
      if (!phone)
        errors.push(rawPhone ? `"${rawPhone.slice(0, 30)}" is not a 10-digit Indian mobile number.` : 'The phone number is missing.')
      if (email && (email.length > 254 || !EMAIL.test(email))) errors.push(`"${email.slice(0, 60)}" is not an email address.`)
      if (errors.length || !phone) {
        rows.push({ row, status: 'skipped', ...(name ? { name: name.slice(0, 100) } : {}), errors })
        return
      }
      const earlier = good.has(phone)
      good.set(phone, { row, name, phone, email: email || null })
      rows.push({ row, status: earlier ? 'merged' : 'created', name, phone })
    })
    if (lines.length > IMPORT_MAX_ROWS) {
      rows.push({ row: IMPORT_MAX_ROWS + 1, status: 'skipped', errors: [`Only the first ${IMPORT_MAX_ROWS} rows are imported at once.`] })
    }

    // Numbers the business already has are merges, not new customers.
    const existing = new Set<string>()
    const phones = [...good.keys()]
    for (let start = 0; start < phones.length; start += CHUNK) {
      const found = await db
        .from('customers')
        .where('business_id', business.id)
        .whereIn('phone', phones.slice(start, start + CHUNK))
        .select('phone')
      for (const { phone } of found) existing.add(phone)
    }
    for (const result of rows) if (result.status === 'created' && existing.has(result.phone!)) result.status = 'merged'

    if (!dryRun) await this.store(business, [...good.values()])
    return {
      dryRun,
      created: rows.filter((row) => row.status === 'created').length,
      merged: rows.filter((row) => row.status === 'merged').length,
      skipped: rows.filter((row) => row.status === 'skipped').length,
      rows,
    }
  }

  /**
   * Where each column is, from the first row when it is a header: a cell names one of our columns and none is a
   * phone number (a customer called "Customer" is still a customer). Otherwise the first row is a customer too, and
   * the columns are name, phone, email in that order.
   */
  private columns(first: string[]) {
    const names = first.map((cell) => cell.trim().toLowerCase())
    const find = (column: keyof typeof COLUMNS) => names.findIndex((cell) => COLUMNS[column].includes(cell))
    const found = { name: find('name'), phone: find('phone'), email: find('email') }
    const header = Object.values(found).some((at) => at >= 0) && !first.some((cell) => normalizeIndianPhone(cell))
    return header ? { ...found, header } : { name: 0, phone: 1, email: 2, header }
  }

  /** Insert-or-update in chunks: one statement per 500 rows, in one transaction. */
  private async store(business: Business, customers: Parsed[]) {
    await db.transaction(async (trx) => {
      for (let start = 0; start < customers.length; start += CHUNK) {
        await upsertCustomers(trx, business.id, customers.slice(start, start + CHUNK))
      }
    })
  }
}
