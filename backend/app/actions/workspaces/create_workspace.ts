import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import WorkspaceActivity from '#models/workspace_activity'

/**
 * A new team or agency workspace (docs/decisions.md D42), the caller its owner. It starts on the free plan: only the
 * personal workspace made at sign-up has a trial.
 */
export default class CreateWorkspace {
  /** POST /api/workspaces */
  async handle(user: User, input: { name: string; kind?: 'team' | 'agency' }) {
    return db.transaction(async (trx) => {
      const workspace = await Workspace.create({ name: input.name, kind: input.kind ?? 'team', createdByUserId: user.id }, { client: trx })
      await WorkspaceMember.create({ workspaceId: workspace.id, userId: user.id, role: 'owner', businessIds: null }, { client: trx })
      await WorkspaceActivity.record(workspace.id, user, 'workspace.created', { name: workspace.name, kind: workspace.kind }, trx)
      return workspace
    })
  }
}
