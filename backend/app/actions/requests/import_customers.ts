import Papa from 'papaparse'
import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import { normalizeIndianPhone } from '#lib/phone'
import { findExisting, upsertCustomers, type CustomerInput } from '#actions/requests/save_customer'
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

/** A row read from the file: a customer to store, or why it cannot be one. */
type ReadRow = { customer: CustomerInput; warnings: string[] } | { customer: null; errors: string[] }

/** A customer of the file: what their rows say, and the first of those rows (reported as created or merged). */
interface Kept {
  customer: CustomerInput
  first: CustomerImportRow
}

/**
 * A CSV of customers (docs/product-rules.md#customer-import) with columns name, phone, email (in any order under any
 * of the usual header names, or in that order without a header row; a BOM and quoted commas are fine). Each row gets
 * a result, numbered as the spreadsheet numbers it: created, merged (the business already has this customer, or an
 * earlier row had them: the later name and email win) or skipped with its errors. A customer needs a name and a
 * phone or an email; a malformed phone or email next to a good one is left out with a warning and the customer kept.
 * Bad rows never stop good ones. With `dryRun` nothing is stored. Consent is the owner's, confirmed for the file.
 */
export default class ImportCustomers {
  async handle(business: Business, csv: string, dryRun: boolean): Promise<CustomerImportResponse> {
    // Empty lines are kept while parsing, so each record's index is its row in the spreadsheet.
    const records = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data
    const index = this.columns(records[0] ?? [])
    const rows: CustomerImportRow[] = []
    const kept = new Map<string, Kept>()
    const keyByEmail = new Map<string, string>()
    let read = 0

    for (const [at, cells] of records.entries()) {
      if ((index.header && at === 0) || cells.every((cell) => !cell.trim())) continue
      const row = at + 1
      if (++read > IMPORT_MAX_ROWS) {
        rows.push({ row, status: 'skipped', errors: [`Only the first ${IMPORT_MAX_ROWS} customers are imported at once.`] })
        break
      }
      const name = (cells[index.name] ?? '').trim()
      const parsed = this.read(name, (cells[index.phone] ?? '').trim(), index.email >= 0 ? (cells[index.email] ?? '').trim() : '')
      if (!parsed.customer) {
        rows.push({ row, status: 'skipped', ...(name ? { name: name.slice(0, 100) } : {}), errors: parsed.errors })
        continue
      }
      const { customer, warnings } = parsed
      const key = this.keyOf(customer, kept, keyByEmail)
      const earlier = kept.get(key)
      const result: CustomerImportRow = {
        row,
        status: earlier ? 'merged' : 'created',
        name: customer.name,
        ...(customer.phone ? { phone: customer.phone } : {}),
        ...(customer.email ? { email: customer.email } : {}),
        ...(warnings.length ? { warnings } : {}),
      }
      // The later row's name wins; a number or an address it lacks is the earlier rows'.
      const merged = {
        name: customer.name,
        phone: customer.phone ?? earlier?.customer.phone ?? null,
        email: customer.email ?? earlier?.customer.email ?? null,
      }
      kept.set(key, { customer: merged, first: earlier?.first ?? result })
      if (merged.email && !keyByEmail.has(merged.email)) keyByEmail.set(merged.email, key)
      rows.push(result)
    }

    await this.markKnown(business, [...kept.values()])
    if (!dryRun)
      await this.store(
        business,
        [...kept.values()].map(({ customer }) => customer)
      )
    return {
      dryRun,
      created: rows.filter((row) => row.status === 'created').length,
      merged: rows.filter((row) => row.status === 'merged').length,
      skipped: rows.filter((row) => row.status === 'skipped').length,
      rows,
    }
  }

  /** One row's customer: a name and a way to reach them; a malformed contact next to a good one is a warning. */
  private read(name: string, rawPhone: string, rawEmail: string): ReadRow {
    const errors: string[] = []
    if (!name) errors.push('The name is missing.')
    if (name.length > 100) errors.push('The name is longer than 100 characters.')
    const phone = rawPhone ? normalizeIndianPhone(rawPhone) : null
    const email = rawEmail.toLowerCase()
    const emailOk = email !== '' && email.length <= 254 && EMAIL.test(email)
    const badPhone = rawPhone && !phone ? `"${rawPhone.slice(0, 30)}" is not a 10-digit Indian mobile number.` : null
    const badEmail = email && !emailOk ? `"${email.slice(0, 60)}" is not an email address.` : null
    if (!phone && !emailOk) {
      errors.push(...[badPhone, badEmail].flatMap((error) => error ?? []))
      if (!rawPhone && !email) errors.push('The phone number and the email are missing: a customer needs one of them.')
    }
    if (errors.length) return { customer: null, errors }
    const warnings = [
      ...(badPhone ? [`${badPhone} The customer is imported without it.`] : []),
      ...(badEmail ? [`${badEmail} The customer is imported without it.`] : []),
    ]
    return { customer: { name, phone, email: emailOk ? email : null }, warnings }
  }

  /**
   * Which customer of the file this row is: the one with its number, else for a row without a number the one with
   * its address. A row with a number and the address of an earlier row that had none is that customer, now with a
   * number (as the business's own customers are matched: save_customer.ts).
   */
  private keyOf(customer: CustomerInput, kept: Map<string, Kept>, keyByEmail: Map<string, string>) {
    const byEmail = customer.email ? keyByEmail.get(customer.email) : undefined
    if (!customer.phone) return byEmail ?? `email:${customer.email}`
    if (!kept.has(customer.phone) && byEmail?.startsWith('email:')) {
      kept.set(customer.phone, kept.get(byEmail)!)
      kept.delete(byEmail)
      keyByEmail.set(customer.email!, customer.phone)
    }
    return customer.phone
  }

  /** Customers the business already has are merges, not new customers: their first row says so. */
  private async markKnown(business: Business, kept: Kept[]) {
    for (let start = 0; start < kept.length; start += CHUNK) {
      const chunk = kept.slice(start, start + CHUNK)
      const existing = await findExisting(
        db.connection(),
        business.id,
        chunk.map(({ customer }) => customer)
      )
      chunk.forEach(({ first }, i) => {
        if (existing[i]) first.status = 'merged'
      })
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
  private async store(business: Business, customers: CustomerInput[]) {
    await db.transaction(async (trx) => {
      for (let start = 0; start < customers.length; start += CHUNK) {
        await upsertCustomers(trx, business.id, customers.slice(start, start + CHUNK))
      }
    })
  }
}
