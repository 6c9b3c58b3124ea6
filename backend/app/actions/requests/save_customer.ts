import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import type Business from '#models/business'
import Customer from '#models/customer'
import { ConflictError, FieldError } from '#exceptions/app_errors'
import { normalizeIndianPhone } from '#lib/phone'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import { OptOuts } from '#actions/requests/opt_outs'
import { PHONE_OR_EMAIL } from '#validators/requests'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { CreateCustomerRequest, UpdateCustomerRequest } from '#types/api'

export const PHONE_INVALID = 'Enter a 10-digit Indian mobile number.'
export const PHONE_TAKEN = 'This business already has a customer with this number.'
export const EMAIL_TAKEN = 'This business already has a customer with this email address.'

/** '+91' and the 10 digits, or a field error (on `field`: a typed-in customer's is `customer.phone`). */
export function customerPhone(raw: string, field = 'phone') {
  const phone = normalizeIndianPhone(raw)
  if (!phone) throw new FieldError(field, PHONE_INVALID)
  return phone
}

/** A customer as an import, a quick send or the after-visit hook gives it: a phone, an email or both. */
export interface CustomerInput {
  name: string
  phone: string | null
  email: string | null
  /** The owner's language for them (docs/decisions.md D65); null or none keeps the customer's. */
  language?: ReviewLanguage | null
}

export interface ExistingCustomer {
  id: number
  phone: string | null
  email: string | null
}

/**
 * The business's customer each row is, or null for a new one (docs/product-rules.md#customers-and-channels): a row
 * with a number is the customer with that number, or else the customer without a number who has its address (who
 * is given the number); a row without a number is the customer with its address, one with a number first.
 */
export async function findExisting(client: QueryClientContract, businessId: number, rows: CustomerInput[]) {
  const phones = [...new Set(rows.flatMap((row) => row.phone ?? []))]
  const emails = [...new Set(rows.flatMap((row) => row.email ?? []))]
  const columns = ['id', 'phone', 'email']
  const [byPhone, byEmail]: ExistingCustomer[][] = await Promise.all([
    phones.length ? client.from('customers').where('business_id', businessId).whereIn('phone', phones).select(columns) : [],
    emails.length
      ? client.from('customers').where('business_id', businessId).whereIn('email', emails).orderByRaw('phone IS NULL, id').select(columns)
      : [],
  ])
  const phoneMap = new Map(byPhone.map((customer) => [customer.phone, customer]))
  const emailMap = new Map<string, ExistingCustomer>()
  for (const customer of byEmail) if (!emailMap.has(customer.email!)) emailMap.set(customer.email!, customer)
  const emailOnlyMap = new Map(byEmail.filter((customer) => customer.phone === null).map((customer) => [customer.email!, customer]))
  return rows.map((row): ExistingCustomer | null => {
    if (row.phone) return phoneMap.get(row.phone) ?? (row.email ? emailOnlyMap.get(row.email) : undefined) ?? null
    return (row.email && emailMap.get(row.email)) || null
  })
}

/**
 * Adds customers to a business or, for one it already has (`findExisting`), takes the new name (and the email, when
 * one is given), in one statement: the consent time is that of the first time the customer was added. A row
 * without a number takes its customer's number, so the statement merges on it; a customer without a number is given
 * the row's. Those the business's opt-out list covers are then marked opted out.
 */
export async function upsertCustomers(client: QueryClientContract, businessId: number, rows: CustomerInput[]) {
  const existing = await findExisting(client, businessId, rows)
  const given = new Set<number>()
  const customers: CustomerInput[] = []
  for (const [index, row] of rows.entries()) {
    const found = existing[index]
    if (found && !row.phone) customers.push({ ...row, phone: found.phone })
    else {
      if (found && found.phone === null && !given.has(found.id)) {
        given.add(found.id)
        await client.from('customers').where('id', found.id).update({ phone: row.phone })
      }
      customers.push(row)
    }
  }
  const now = clock.now().toJSDate()
  await client.rawQuery(
    `INSERT INTO customers (business_id, name, phone, email, language, consent_at, created_at, updated_at) VALUES ${customers.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE name = VALUES(name), email = COALESCE(VALUES(email), email), language = COALESCE(VALUES(language), language),
       updated_at = VALUES(updated_at)`,
    customers.flatMap((customer) => [
      businessId,
      customer.name,
      customer.phone,
      customer.email,
      customer.language ?? null,
      now,
      now,
      now,
    ]) as RawQueryBindings
  )
  await OptOuts.markCustomers(client, businessId, customers)
}

/**
 * Adds and edits a business's customers (docs/decisions.md D32): a phone, an email or both; phone unique per
 * business, and so is the address of a customer without a phone; consent confirmed; a number or address on the
 * business's opt-out list is added opted out (docs/product-rules.md#opt-outs).
 */
export default class SaveCustomer {
  /** `business` is one the caller may add customers to (CustomerPolicy). */
  async create(business: Business, input: CreateCustomerRequest) {
    const now = clock.now()
    const phone = input.phone ? customerPhone(input.phone) : null
    const email = input.email ?? null
    try {
      return await db.transaction(async (trx) => {
        // Without a number the address is who they are: a customer already having it is this one.
        if (!phone && (await trx.from('customers').where({ business_id: business.id, email }).first())) {
          throw new ConflictError(EMAIL_TAKEN)
        }
        const customer = await Customer.create(
          {
            businessId: business.id,
            name: input.name,
            phone,
            email,
            language: input.language ?? null,
            consentAt: now,
            createdAt: now,
            updatedAt: now,
          },
          { client: trx }
        )
        await OptOuts.markCustomers(trx, business.id, [customer])
        return customer.refresh()
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(phone ? PHONE_TAKEN : EMAIL_TAKEN)
      throw error
    }
  }

  async update(customer: Customer, input: UpdateCustomerRequest) {
    if (input.name !== undefined) customer.name = input.name
    if (input.phone !== undefined) customer.phone = input.phone === null ? null : customerPhone(input.phone)
    if (input.email !== undefined) customer.email = input.email
    if (input.language !== undefined) customer.language = input.language
    if (!customer.phone && !customer.email) throw new FieldError('phone', PHONE_OR_EMAIL)
    customer.updatedAt = clock.now()
    try {
      await db.transaction(async (trx) => {
        await customer.useTransaction(trx).save()
        await OptOuts.markCustomers(trx, customer.businessId, [customer])
        await customer.refresh()
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(customer.phone ? PHONE_TAKEN : EMAIL_TAKEN)
      throw error
    }
    return customer
  }
}
