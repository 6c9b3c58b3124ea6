import db from '@adonisjs/lucid/services/db'
import type Workspace from '#models/workspace'
import type User from '#models/user'
import WorkspaceActivity from '#models/workspace_activity'
import Subscription from '#models/subscription'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { NotFoundError } from '#exceptions/app_errors'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'

/**
 * Stops the pre-expiry reminder; access stays until the period ends (docs/product-rules.md#cancellation).
 * Noted in the workspace's activity log as done by `by`. Repeating it is harmless (and not noted again).
 */
export default class CancelSubscription {
  async handle(workspace: Workspace, by: Pick<User, 'id' | 'email'>) {
    const current = await Subscription.currentFor(workspace.id)
    if (!current) throw new NotFoundError('You have no active subscription to cancel.')
    if (current.status !== SubscriptionStatus.Active) return current
    const subscription = await db.transaction(async (trx) => {
      // Locked and read again: of two cancels at once, one cancels and is noted, the other finds it done.
      const row = await Subscription.query({ client: trx }).where('id', current.id).forUpdate().firstOrFail()
      if (row.status !== SubscriptionStatus.Active) return row
      row.merge({ status: SubscriptionStatus.Cancelled, cancelledAt: clock.now() })
      await row.save()
      await WorkspaceActivity.record(workspace.id, by, 'plan.cancelled', {}, trx)
      return row
    })
    reviewLinkCache.forgetWorkspace(workspace.id)
    return subscription
  }
}
