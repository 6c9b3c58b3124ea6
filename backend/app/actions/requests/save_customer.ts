import Business from '#models/business'
import Customer from '#models/customer'
import { ConflictError, FieldError, NotFoundError } from '#exceptions/app_errors'
import { normalizeIndianPhone } from '#lib/phone'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import type { CreateCustomerRequest, UpdateCustomerRequest } from '#types/api'

export const PHONE_INVALID = 'Enter a 10-digit Indian mobile number.'
export const PHONE_TAKEN = 'This business already has a customer with this number.'

/** '+91' and the 10 digits, or a field error. */
export function customerPhone(raw: string) {
  const phone = normalizeIndianPhone(raw)
  if (!phone) throw new FieldError('phone', PHONE_INVALID)
  return phone
}

/** One of the owner's businesses, or 404 (another owner's business is not found, docs/decisions.md D2). */
export async function ownBusiness(userId: number, businessId: number) {
  const business = await Business.query().where('id', businessId).where('user_id', userId).first()
  if (!business) throw new NotFoundError('Business not found')
  return business
}

/** Adds and edits a business's customers (docs/decisions.md D32): phone unique per business, consent confirmed. */
export default class SaveCustomer {
  async create(userId: number, input: CreateCustomerRequest) {
    const business = await ownBusiness(userId, input.businessId)
    const now = clock.now()
    try {
      return await Customer.create({
        businessId: business.id,
        name: input.name,
        phone: customerPhone(input.phone),
        email: input.email ?? null,
        consentAt: now,
        createdAt: now,
        updatedAt: now,
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
      await customer.save()
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(PHONE_TAKEN)
      throw error
    }
    return customer
  }
}
