/*
 * Creating, renaming and deleting workspaces, and an agency's client workspaces (docs/decisions.md D42). A new
 * workspace starts on the free plan: only the personal workspace made at sign-up has a trial. Deleting one is like
 * deleting an account: its data goes, its payments and invoices are kept.
 */
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { NotFoundError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { analyticsReads } from '#hot_path/analytics_reads'
import { confirmPassword } from '#actions/account/delete_account'
import { brands } from '#services/brand/brands'

export const NOT_AN_AGENCY = 'Only an agency workspace has clients.'
export const NOT_MANAGED = 'This workspace is not managed by an agency.'

export default class ManageWorkspaces {
  /** POST /api/workspaces: the caller is its owner. */
  async create(user: User, input: { name: string; kind?: 'team' | 'agency' }) {
    return db.transaction(async (trx) => {
      const workspace = await Workspace.create({ name: input.name, kind: input.kind ?? 'team', createdByUserId: user.id }, { client: trx })
      await WorkspaceMember.create({ workspaceId: workspace.id, userId: user.id, role: 'owner', businessIds: null }, { client: trx })
      await WorkspaceActivity.record(workspace.id, user, 'workspace.created', { name: workspace.name, kind: workspace.kind }, trx)
      return workspace
    })
  }

  async rename(by: Member, name: string) {
    const before = by.workspace.name
    await db.transaction(async (trx) => {
      await trx.from('workspaces').where('id', by.workspaceId).update({ name, updated_at: new Date() })
      await WorkspaceActivity.record(by.workspaceId, by.user, 'workspace.renamed', { before, after: name }, trx)
    })
    by.workspace.name = name
    return by.workspace
  }

  /** DELETE /api/workspaces/{id} with the owner's password. */
  async destroy(by: Member, password: string) {
    await confirmPassword(by.user, password)
    const rows = await db.from('businesses').where('workspace_id', by.workspaceId).select('id')
    const businessIds = rows.map((row) => Number(row.id))
    await db.transaction(async (trx) => {
      await trx.from('workspaces').where('id', by.workspaceId).delete()
      for (const id of businessIds) reviewLinkCache.forgetBusiness(id, trx)
      reviewLinkCache.forgetWorkspace(by.workspaceId, trx)
    })
    for (const id of businessIds) analyticsReads.forget(id)
  }

  /** POST /api/workspaces/{agencyId}/clients: a client workspace the agency manages; its members act in it. */
  async createClient(by: Member, name: string) {
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

  /**
   * DELETE /api/workspaces/{clientId}/agency: the client's own owner ends the agency's management; the agency's
   * members lose access on their next request.
   */
  async endAgency(by: Member) {
    const agencyId = by.workspace.managedByWorkspaceId
    if (agencyId === null) throw new NotFoundError(NOT_MANAGED)
    await db.transaction(async (trx) => {
      await trx.from('workspaces').where('id', by.workspaceId).update({ managed_by_workspace_id: null, updated_at: new Date() })
      await WorkspaceActivity.record(by.workspaceId, by.user, 'agency.ended', { agencyId }, trx)
      await WorkspaceActivity.record(agencyId, by.user, 'client.left', { clientId: by.workspaceId, name: by.workspace.name }, trx)
    })
    // Its customer pages, posters and mails are ReviewRoute's again.
    brands.forgetBrands()
    by.workspace.managedByWorkspaceId = null
  }
}
