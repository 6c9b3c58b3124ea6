import db from '@adonisjs/lucid/services/db'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { NotFoundError } from '#exceptions/app_errors'
import { brands } from '#services/brand/brands'
import { whoIs } from '#actions/workspaces/membership'

export const NOT_MANAGED = 'This workspace is not managed by an agency.'

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id)

/**
 * The client's own owner ends the agency's management (docs/decisions.md D56). The agency's members lose access on
 * their next request; everyone the agency brought in is removed, its pending invitations are withdrawn and its brand
 * no longer shows; the log names each of them.
 */
export default class EndAgencyManagement {
  /** DELETE /api/workspaces/{clientId}/agency */
  async handle(by: Member) {
    const agencyId = by.workspace.managedByWorkspaceId
    if (agencyId === null) throw new NotFoundError(NOT_MANAGED)
    await db.transaction(async (trx) => {
      const locked = await trx.from('workspaces').where('id', by.workspaceId).forUpdate().select('managed_by_workspace_id').first()
      if (!locked || locked.managed_by_workspace_id === null) throw new NotFoundError(NOT_MANAGED)
      await trx.from('workspaces').where('id', by.workspaceId).update({ managed_by_workspace_id: null, updated_at: new Date() })
      const brought = await trx
        .from('workspace_members')
        .where('workspace_id', by.workspaceId)
        .where('joined_via', 'agency')
        .forUpdate()
        .orderBy('id')
        .select('id', 'user_id', 'role')
      const invitations = await trx
        .from('workspace_invitations')
        .where('workspace_id', by.workspaceId)
        .where('joined_via', 'agency')
        .whereNull('accepted_at')
        .orderBy('id')
        .select('id', 'email')
      await WorkspaceActivity.record(by.workspaceId, by.user, 'agency.ended', { agencyId }, trx)
      if (brought.length > 0) await trx.from('workspace_members').whereIn('id', idsOf(brought)).delete()
      for (const row of brought) {
        const who = await whoIs(trx, Number(row.user_id))
        await WorkspaceActivity.record(
          by.workspaceId,
          by.user,
          'member.removed',
          { userId: Number(row.user_id), ...who, role: row.role, reason: 'agency.ended' },
          trx
        )
      }
      if (invitations.length > 0) await trx.from('workspace_invitations').whereIn('id', idsOf(invitations)).delete()
      for (const row of invitations) {
        await WorkspaceActivity.record(by.workspaceId, by.user, 'invitation.revoked', { email: row.email, reason: 'agency.ended' }, trx)
      }
      await WorkspaceActivity.record(agencyId, by.user, 'client.left', { clientId: by.workspaceId, name: by.workspace.name }, trx)
    })
    // Its customer pages, posters and mails are ReviewRoute's again.
    brands.forgetBrands()
    by.workspace.managedByWorkspaceId = null
  }
}
