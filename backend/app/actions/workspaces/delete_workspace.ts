import db from '@adonisjs/lucid/services/db'
import type Member from '#policies/member'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { analyticsReads } from '#hot_path/analytics_reads'
import { confirmPassword } from '#actions/account/delete_account'

/**
 * Deleting a workspace with the owner's password (docs/decisions.md D42), like deleting an account: its data goes,
 * its payments and invoices are kept; its businesses' review links stop answering at once.
 */
export default class DeleteWorkspace {
  /** DELETE /api/workspaces/{id} */
  async handle(by: Member, password: string) {
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
}
