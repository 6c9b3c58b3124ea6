import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type User from '#models/user'
import { businessOwnerOnly, ownerOnly } from '#policies/ownership'

/** A business's staff members, each with their own link. */
export default class StaffPolicy extends BasePolicy {
  /** A business's staff list and leaderboard. */
  viewAny(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, 'Business not found')
  }

  create(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, 'Business not found')
  }

  delete(user: User, member: { businessId: number } | null) {
    return businessOwnerOnly(user, member, 'Staff member not found')
  }
}
