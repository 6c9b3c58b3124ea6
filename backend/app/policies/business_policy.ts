import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import type Member from '#policies/member'
import { businessRow, roleOnly, visibleBusinesses, visibleBusinessIds } from '#policies/ownership'

/** A business: its page, analytics, ratings, links, staff, hooks and test messages. */
export default class BusinessPolicy extends BasePolicy {
  /** The businesses the member may list. */
  static visible(member: Member) {
    return visibleBusinesses(member)
  }

  /** Their ids, as a subquery for the queries that read across them (counts, lists of their rows). */
  static visibleIds(member: Member) {
    return visibleBusinessIds(member)
  }

  /** Adding a business to the workspace: a manager limited to some businesses would not see it, so not them. */
  create(member: Member) {
    const allowed = roleOnly(member, 'write')
    if (allowed !== true || !member.isLimited) return allowed
    return roleOnly(member, 'owner')
  }

  view(member: Member, business: Business | null) {
    return businessRow(member, business, 'read')
  }

  update(member: Member, business: Business | null) {
    return businessRow(member, business, 'write')
  }

  /** Deleting a business and everything it collected is the workspace owners' decision, not a manager's. */
  delete(member: Member, business: Business | null) {
    return businessRow(member, business, 'owner')
  }
}
