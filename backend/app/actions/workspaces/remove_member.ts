import type Member from '#policies/member'
import { endMembership } from '#actions/workspaces/membership'

/** An owner removes another member; the workspace keeps an owner (409). Leaving is `LeaveWorkspace`. */
export default class RemoveMember {
  /** DELETE /api/workspaces/{id}/members/{userId} */
  async handle(by: Member, userId: number) {
    await endMembership(by, userId, 'member.removed')
  }
}
