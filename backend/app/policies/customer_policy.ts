import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import Customer from '#models/customer'
import type Member from '#policies/member'
import { businessChild, businessRow, visibleBusinessIds } from '#policies/ownership'

const NOT_FOUND = 'Customer not found'

/** A business's customers (review requests go to them). */
export default class CustomerPolicy extends BasePolicy {
  static visible(member: Member) {
    return Customer.query().whereIn('business_id', visibleBusinessIds(member))
  }

  /** Adding (or importing) customers to a business. */
  create(member: Member, business: Business | null) {
    return businessRow(member, business, 'write')
  }

  view(member: Member, customer: Customer | null) {
    return businessChild(member, customer, 'read', NOT_FOUND)
  }

  update(member: Member, customer: Customer | null) {
    return businessChild(member, customer, 'write', NOT_FOUND)
  }

  delete(member: Member, customer: Customer | null) {
    return businessChild(member, customer, 'write', NOT_FOUND)
  }
}
