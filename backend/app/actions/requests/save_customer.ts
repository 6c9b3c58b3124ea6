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
import type { CreateCustomerRequest, UpdateCustomerRequest } from '#types/api'

export const PHONE_INVALID = 'Enter a 10-digit Indian mobile number.'
export const PHONE_TAKEN = 'This business already has a customer with this number.'

/** '+91' and the 10 digits, or a field error. */
export function customerPhone(raw: string) {
  const phone = normalizeIndianPhone(raw)
  if (!phone) throw new FieldError('phone', PHONE_INVALID)
  return phone
}

/**
 * Adds customers to a business or, for a number it already has, takes the new name (and the email, when one is
 * given), in one statement: the consent time is that of the first time the customer was added. Those the business's
 * opt-out list covers are then marked opted out.
 */
export async function upsertCustomers(
  client: QueryClientContract,
  businessId: number,
  customers: { name: string; phone: string; email: string | null }[]
) {
  const now = clock.now().toJSDate()
  await client.rawQuery(
    `INSERT INTO customers (business_id, name, phone, email, consent_at, created_at, updated_at) VALUES ${customers.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE name = VALUES(name), email = COALESCE(VALUES(email), email), updated_at = VALUES(updated_at)`,
    customers.flatMap((customer) => [businessId, customer.name, customer.phone, customer.email, now, now, now]) as RawQueryBindings
  )
  await OptOuts.markCustomers(
    client,
    businessId,
    customers.map((customer) => customer.phone)
  )
}

/**
 * Adds and edits a business's customers (docs/decisions.md D32): phone unique per business, consent confirmed; a
 * number or address on the business's opt-out list is added opted out (docs/product-rules.md#opt-outs).
 */
export default class SaveCustomer {
  /** `business` is one the caller may add customers to (CustomerPolicy). */
  async create(business: Business, input: CreateCustomerRequest) {
    const now = clock.now()
    try {
      return await db.transaction(async (trx) => {
        const customer = await Customer.create(
          {
            businessId: business.id,
            name: input.name,
            phone: customerPhone(input.phone),
            email: input.email ?? null,
            consentAt: now,
            createdAt: now,
            updatedAt: now,
          },
          { client: trx }
        )
        await OptOuts.markCustomers(trx, business.id, [customer.phone])
        return customer.refresh()
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(PHONE_TAKEN)
      throw error
    }
  }

  async update(customer: Customer, input: UpdateCustomerRequest) {
    if (input.name !== undefined) customer.name = input.name
    if (input.phone !== undefined) customer.phone = customerPhone(input.phone)
    if (input.email !== undefined) customer.email = input.email
    customer.updatedAt = clock.now()
    try {
      await db.transaction(async (trx) => {
        await customer.useTransaction(trx).save()
        await OptOuts.markCustomers(trx, customer.businessId, [customer.phone])
        await customer.refresh()
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(PHONE_TAKEN)
      throw error
    }
    return customer
  }
}
