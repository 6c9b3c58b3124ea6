import db from '@adonisjs/lucid/services/db'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'

/** Renaming the workspace the member acts in, noted in its activity log with the name before and after. */
export default class RenameWorkspace {
  /** PATCH /api/workspaces/{id} */
  async handle(by: Member, name: string) {
    const before = by.workspace.name
    await db.transaction(async (trx) => {
      await trx.from('workspaces').where('id', by.workspaceId).update({ name, updated_at: new Date() })
      await WorkspaceActivity.record(by.workspaceId, by.user, 'workspace.renamed', { before, after: name }, trx)
    })
    by.workspace.name = name
    return by.workspace
  }
}
