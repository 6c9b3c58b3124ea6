import { BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import { roleOnly } from '#policies/ownership'

/**
 * What belongs to the workspace itself, for the member acting in it: its plan and billing, WhatsApp Business
 * account, members, activity log, brand and the workspace row. Reading the plan's state (banners need it) and the
 * member list is for every member; changing any of it, and the money, is for owners.
 */
export default class WorkspacePolicy extends BasePolicy {
  view(member: Member) {
    return roleOnly(member, 'read')
  }

  /** The plan's state and usage, which every screen's banners read. */
  viewPlan(member: Member) {
    return roleOnly(member, 'read')
  }

  /** Buying, cancelling, payments, invoices and the billing profile. */
  manageBilling(member: Member) {
    return roleOnly(member, 'owner')
  }

  /** The WhatsApp Business number: managers see whether it is connected; owners connect it. */
  viewWhatsApp(member: Member) {
    return roleOnly(member, 'write')
  }

  manageWhatsApp(member: Member) {
    return roleOnly(member, 'owner')
  }

  /** Inviting, changing and removing members; renaming and deleting the workspace; the activity log; the brand. */
  manage(member: Member) {
    return roleOnly(member, 'owner')
  }
}
