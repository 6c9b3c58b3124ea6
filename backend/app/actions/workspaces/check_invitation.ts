/*
 * What an invitation is, read before anyone accepts it (docs/decisions.md D57): the invitation page names the
 * inviter, the workspace and the role, and fills the invited address into the sign-up form. The token is the only
 * key, as for accepting; reading it changes nothing. A bad, used or expired token is the same 400 accepting gives.
 */
import User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceInvitation from '#models/workspace_invitation'
import { BadRequestError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { INVITATION_INVALID, invitationTokenHash, nameOf } from '#actions/workspaces/membership'
import type { InvitationCheckResponse } from '#types/api'

export default class CheckInvitation {
  async handle(token: string): Promise<InvitationCheckResponse> {
    const invitation = await WorkspaceInvitation.query().where('token_hash', invitationTokenHash(token)).first()
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= clock.now()) throw new BadRequestError(INVITATION_INVALID)
    const [workspace, inviter] = await Promise.all([
      Workspace.query().where('id', invitation.workspaceId).select('name', 'kind').firstOrFail(),
      invitation.invitedByUserId === null
        ? null
        : User.query().where('id', invitation.invitedByUserId).select('first_name', 'last_name', 'email').first(),
    ])
    return {
      email: invitation.email,
      role: invitation.role,
      workspace: { name: workspace.name, kind: workspace.kind },
      inviterName: inviter ? nameOf(inviter) : null,
      expiresAt: invitation.expiresAt.toUTC().toISO()!,
    }
  }
}
