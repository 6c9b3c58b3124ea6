import db from '@adonisjs/lucid/services/db'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { assertAnotherOwner, memberOrFail, scopeFor, whoIs } from '#actions/workspaces/membership'

/**
 * Changing a member's role or business scope (docs/decisions.md D42): the workspace keeps an owner (409); the log
 * holds the change before and after.
 */
export default class ChangeMember {
  /** PATCH /api/workspaces/{id}/members/{userId} */
  async handle(by: Member, userId: number, input: { role?: WorkspaceRole; businessIds?: number[] | null }) {
    return db.transaction(async (trx) => {
      const member = await memberOrFail(by.workspaceId, userId, trx)
      const role = input.role ?? member.role
      if (member.role === 'owner' && role !== 'owner') await assertAnotherOwner(by.workspaceId, member, trx)
      const businessIds =
        input.businessIds === undefined && role !== 'owner'
          ? member.businessIds
          : await scopeFor(by.workspace, role, input.businessIds, trx)
      const before = { role: member.role, businessIds: member.businessIds }
      member.merge({ role, businessIds })
      await member.useTransaction(trx).save()
      const who = await whoIs(trx, userId)
      await WorkspaceActivity.record(
        by.workspaceId,
        by.user,
        'member.changed',
        { userId, ...who, before, after: { role, businessIds } },
        trx
      )
      return member
    })
  }
}
