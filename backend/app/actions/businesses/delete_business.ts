import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import type User from '#models/user'
import WorkspaceActivity from '#models/workspace_activity'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { analyticsReads } from '#hot_path/analytics_reads'

/**
 * Removes a business with its ratings and counters (the database cascades them), noted in its workspace's activity
 * log as done by `by`: its review link stops answering at once, and its figures are never served from a computation
 * that began before.
 */
export default class DeleteBusiness {
  async handle(business: Business, by: Pick<User, 'id' | 'email'>) {
    await db.transaction(async (trx) => {
      await business.useTransaction(trx).delete()
      await WorkspaceActivity.record(business.workspaceId, by, 'business.removed', { businessId: business.id, name: business.name }, trx)
    })
    reviewLinkCache.forgetBusiness(business.id)
    analyticsReads.forget(business.id)
    return business
  }
}
