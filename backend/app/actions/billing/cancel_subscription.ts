import type Workspace from '#models/workspace'
import Subscription from '#models/subscription'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { NotFoundError } from '#exceptions/app_errors'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'

/**
 * Stops the pre-expiry reminder; access stays until the period ends (docs/product-rules.md#cancellation).
 * Repeating it is harmless.
 */
export default class CancelSubscription {
  async handle(workspace: Workspace) {
    const subscription = await Subscription.currentFor(workspace.id)
    if (!subscription) throw new NotFoundError('You have no active subscription to cancel.')
    if (subscription.status === SubscriptionStatus.Active) {
      subscription.merge({ status: SubscriptionStatus.Cancelled, cancelledAt: clock.now() })
      await subscription.save()
      reviewLinkCache.forgetWorkspace(workspace.id)
    }
    return subscription
  }
}
