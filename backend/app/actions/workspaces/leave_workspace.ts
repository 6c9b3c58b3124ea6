import type Member from '#policies/member'
import { ForbiddenError } from '#exceptions/app_errors'
import { endMembership } from '#actions/workspaces/membership'

export const AGENCY_MEMBER_LEAVES = "You act here as the agency's member: leave the agency instead."

/**
 * A member leaves the workspace (any role); its last owner cannot (409). Someone acting in a client workspace
 * through its agency is no member of it: they leave the agency instead (403).
 */
export default class LeaveWorkspace {
  /** DELETE /api/workspaces/{id}/members/me */
  async handle(by: Member) {
    if (by.via === 'agency') throw new ForbiddenError(AGENCY_MEMBER_LEAVES)
    await endMembership(by, by.user.id, 'member.left')
  }
}
