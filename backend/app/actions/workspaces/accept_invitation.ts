import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import WorkspaceMember from '#models/workspace_member'
import WorkspaceInvitation from '#models/workspace_invitation'
import WorkspaceActivity from '#models/workspace_activity'
import { BadRequestError, ForbiddenError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import {
  INVITATION_INVALID,
  INVITATION_OTHER_ADDRESS,
  INVITATION_UNVERIFIED,
  existingIds,
  invitationTokenHash,
} from '#actions/workspaces/membership'

/**
 * Accepting an invitation (docs/decisions.md D42): the signed-in user, with the invited and confirmed address, joins
 * with the invitation's role and scope; the invitation is used up. A bad, used or expired token is a 400.
 */
export default class AcceptInvitation {
  /** POST /api/invitations/accept: the workspace joined. */
  async handle(user: User, token: string) {
    return db.transaction(async (trx) => {
      const invitation = await WorkspaceInvitation.query({ client: trx })
        .where('token_hash', invitationTokenHash(token))
        .forUpdate()
        .first()
      if (!invitation || invitation.acceptedAt || invitation.expiresAt <= clock.now()) throw new BadRequestError(INVITATION_INVALID)
      if (invitation.email !== user.email.toLowerCase()) throw new ForbiddenError(INVITATION_OTHER_ADDRESS)
      if (!user.emailVerifiedAt) throw new ForbiddenError(INVITATION_UNVERIFIED)
      invitation.acceptedAt = clock.now()
      await invitation.useTransaction(trx).save()
      const already = await WorkspaceMember.query({ client: trx })
        .where('workspace_id', invitation.workspaceId)
        .where('user_id', user.id)
        .first()
      if (!already) {
        // The scope as it is now: a business deleted since the invitation is left out.
        const businessIds = invitation.businessIds === null ? null : await existingIds(trx, invitation.workspaceId, invitation.businessIds)
        await WorkspaceMember.create(
          { workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role, businessIds, joinedVia: invitation.joinedVia },
          { client: trx }
        )
        await WorkspaceActivity.record(invitation.workspaceId, user, 'member.joined', { role: invitation.role }, trx)
      }
      return invitation.workspaceId
    })
  }
}
