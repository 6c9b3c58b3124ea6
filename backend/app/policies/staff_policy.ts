import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type Member from '#policies/member'
import { businessRow } from '#policies/ownership'

/** A business's staff members, each with their own link: always reached through their business. */
export default class StaffPolicy extends BasePolicy {
  /** A business's staff list and leaderboard. */
  viewAny(member: Member, business: Business | null) {
    return businessRow(member, business, 'read')
  }

  /** Adding and removing a business's staff members. */
  manage(member: Member, business: Business | null) {
    return businessRow(member, business, 'write')
  }
}
