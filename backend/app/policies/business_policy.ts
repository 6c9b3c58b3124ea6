import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type User from '#models/user'
import { ownedBusinesses, ownedBusinessIds, ownerOnly } from '#policies/ownership'

const NOT_FOUND = 'Business not found'

/** A business: its page, analytics, ratings, links, staff, hooks and test messages. */
export default class BusinessPolicy extends BasePolicy {
  /** The businesses the user may list. */
  static visible(user: User) {
    return ownedBusinesses(user)
  }

  /** Their ids, as a subquery for the queries that read across them (counts, lists of their rows). */
  static visibleIds(user: User) {
    return ownedBusinessIds(user)
  }

  view(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, NOT_FOUND)
  }

  update(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, NOT_FOUND)
  }

  delete(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, NOT_FOUND)
  }
}
