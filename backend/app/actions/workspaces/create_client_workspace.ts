import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { NotFoundError } from '#exceptions/app_errors'

export const NOT_AN_AGENCY = 'Only an agency workspace has clients.'

/**
 * A client workspace an agency manages (docs/decisions.md D42): the agency's members act in it with their agency
 * role; both workspaces' logs note it.
 */
export default class CreateClientWorkspace {
  /** POST /api/workspaces/{agencyId}/clients */
  async handle(by: Member, name: string) {
    if (by.workspace.kind !== 'agency') throw new NotFoundError(NOT_AN_AGENCY)
    return db.transaction(async (trx) => {
      const client = await Workspace.create(
        { name, kind: 'client', managedByWorkspaceId: by.workspaceId, createdByUserId: by.user.id },
        { client: trx }
      )
      await WorkspaceActivity.record(by.workspaceId, by.user, 'client.created', { clientId: client.id, name }, trx)
      await WorkspaceActivity.record(client.id, by.user, 'workspace.created', { name, kind: 'client', agency: by.workspace.name }, trx)
      return client
    })
  }
}
