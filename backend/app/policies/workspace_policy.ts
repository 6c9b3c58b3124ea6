import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import WorkspaceMember from '#models/workspace_member'
import WorkspaceActivity from '#models/workspace_activity'
import { roleOnly } from '#policies/ownership'
import { INVITER_UNVERIFIED, OWN_OWNERS_DELETE, OWN_OWNERS_ONLY } from '#contract/workspace_names'

export const AGENCY_CANNOT_END = "Only the client's own owners can end the agency's management."

/**
 * What belongs to the workspace itself, for the member acting in it: its plan and billing, WhatsApp Business
 * account, members, activity log, brand and the workspace row. Reading the plan's state (banners need it) and the
 * member list is for every member; changing any of it, and the money, is for owners.
 */
export default class WorkspacePolicy extends BasePolicy {
  /** The activity log lines the member may list (with `manage`): those of the workspace they act in. */
  static visibleActivity(member: Member) {
    return WorkspaceActivity.query().where('workspace_id', member.workspaceId)
  }

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

  /** Inviting, changing and removing members; renaming the workspace; the activity log; the brand. */
  manage(member: Member) {
    return roleOnly(member, 'owner')
  }

  /** Inviting: an owner whose address is confirmed, so nobody sends our mails from an address they do not hold. */
  invite(member: Member) {
    const role = roleOnly(member, 'owner')
    if (role !== true) return role
    return member.user.emailVerifiedAt ? true : AuthorizationResponse.deny(INVITER_UNVERIFIED, 403)
  }

  /**
   * Changing or removing a member (docs/decisions.md D56): an owner; a client's own owners only by its own people,
   * never by anyone acting for the agency that manages it. `target` is null when there is no such member (its 404
   * comes from the action).
   */
  changeMember(member: Member, target: Pick<WorkspaceMember, 'role' | 'joinedVia'> | null) {
    const role = roleOnly(member, 'owner')
    if (role !== true) return role
    if (target && target.role === 'owner' && target.joinedVia === 'own' && member.forAgency) {
      return AuthorizationResponse.deny(OWN_OWNERS_ONLY, 403)
    }
    return true
  }

  /**
   * Deleting the workspace (docs/decisions.md D56): an owner; a client that has owners of its own only by its own
   * people. Before the handover (no owner of its own yet) the agency that made it may delete it.
   */
  async destroy(member: Member) {
    const role = roleOnly(member, 'owner')
    if (role !== true) return role
    if (!member.forAgency) return true
    return (await WorkspaceMember.hasOwnOwner(member.workspaceId)) ? AuthorizationResponse.deny(OWN_OWNERS_DELETE, 403) : true
  }

  /** Ending an agency's management: the client's own owners. */
  endAgency(member: Member) {
    const role = roleOnly(member, 'owner')
    if (role !== true) return role
    return member.forAgency ? AuthorizationResponse.deny(AGENCY_CANNOT_END, 403) : true
  }
}
