import db from '@adonisjs/lucid/services/db'
import WorkspaceInvitation from '#models/workspace_invitation'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { NotFoundError } from '#exceptions/app_errors'

/** Withdraws a pending invitation of the workspace (its link stops working), noted in the activity log. */
export default class RevokeInvitation {
  /** DELETE /api/workspaces/{id}/invitations/{inviteId} */
  async handle(by: Member, invitationId: number) {
    const invitation = await WorkspaceInvitation.query()
      .where('id', invitationId)
      .where('workspace_id', by.workspaceId)
      .whereNull('accepted_at')
      .first()
    if (!invitation) throw new NotFoundError('Invitation not found')
    await db.transaction(async (trx) => {
      await invitation.useTransaction(trx).delete()
      await WorkspaceActivity.record(by.workspaceId, by.user, 'invitation.revoked', { email: invitation.email }, trx)
    })
  }
}
