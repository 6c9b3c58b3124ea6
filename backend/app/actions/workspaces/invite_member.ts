/*
 * Inviting someone to a workspace by mail (docs/decisions.md D42): 7 days, single use, only the token's hash
 * stored; a pending invitation to the same address is replaced. The invitation is a line of the activity log.
 */
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import WorkspaceInvitation from '#models/workspace_invitation'
import WorkspaceActivity from '#models/workspace_activity'
import WorkspaceInvitationMail from '#mails/workspace_invitation_mail'
import type Member from '#policies/member'
import { ConflictError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { INVITATION_DAYS, invitationTokenHash, joinedViaOf, nameOf, scopeFor } from '#actions/workspaces/membership'

export default class InviteMember {
  /** POST /api/workspaces/{id}/invitations */
  async handle(by: Member, input: { email: string; role: WorkspaceRole; businessIds?: number[] | null }) {
    const { workspace } = by
    const existing = await db
      .from('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', workspace.id)
      .where('u.email', input.email)
      .first()
    if (existing) throw new ConflictError(`${input.email} is already a member of this workspace.`)
    const businessIds = await scopeFor(workspace, input.role, input.businessIds)
    const joinedVia = await joinedViaOf(by, input.role)
    const token = randomBytes(32).toString('base64url')
    const invitation = await db.transaction(async (trx) => {
      await trx
        .from('workspace_invitations')
        .where('workspace_id', workspace.id)
        .where('email', input.email)
        .whereNull('accepted_at')
        .delete()
      const created = await WorkspaceInvitation.create(
        {
          workspaceId: workspace.id,
          email: input.email,
          role: input.role,
          businessIds,
          joinedVia,
          tokenHash: invitationTokenHash(token),
          invitedByUserId: by.user.id,
          expiresAt: clock.now().plus({ days: INVITATION_DAYS }),
        },
        { client: trx }
      )
      await WorkspaceActivity.record(workspace.id, by.user, 'member.invited', { email: input.email, role: input.role }, trx)
      return created
    })
    await mail.use().sendLater(new WorkspaceInvitationMail(invitation, workspace.name, nameOf(by.user), token))
    return invitation
  }
}
