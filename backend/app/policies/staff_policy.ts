import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type User from '#models/user'
import { ownerOnly } from '#policies/ownership'

const NOT_FOUND = 'Business not found'

/** A business's staff members, each with their own link: always reached through their business. */
export default class StaffPolicy extends BasePolicy {
  /** A business's staff list and leaderboard. */
  viewAny(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, NOT_FOUND)
  }

  /** Adding and removing a business's staff members. */
  manage(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, NOT_FOUND)
  }
}
