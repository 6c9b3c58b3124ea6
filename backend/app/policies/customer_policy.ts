import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import Customer from '#models/customer'
import type User from '#models/user'
import { businessOwnerOnly, ownedBusinessIds, ownerOnly } from '#policies/ownership'

const NOT_FOUND = 'Customer not found'

/** A business's customers (review requests go to them). */
export default class CustomerPolicy extends BasePolicy {
  static visible(user: User) {
    return Customer.query().whereIn('business_id', ownedBusinessIds(user))
  }

  /** Adding (or importing) customers to a business. */
  create(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, 'Business not found')
  }

  view(user: User, customer: Customer | null) {
    return businessOwnerOnly(user, customer, NOT_FOUND)
  }

  update(user: User, customer: Customer | null) {
    return businessOwnerOnly(user, customer, NOT_FOUND)
  }

  delete(user: User, customer: Customer | null) {
    return businessOwnerOnly(user, customer, NOT_FOUND)
  }
}
