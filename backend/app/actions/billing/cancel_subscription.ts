import type User from '#models/user'
import { currentSubscription } from '#actions/billing/billing_status'
import { NotFoundError } from '#exceptions/app_errors'
import { SubscriptionStatus } from '#lib/billing_enums'
import { clock } from '#lib/clock'

/** Stops the pre-expiry reminder; access stays until the period ends (DECISIONS 7). Repeating it is harmless. */
export default class CancelSubscription {
  async handle(user: User) {
    const subscription = await currentSubscription(user.id)
    if (!subscription) throw new NotFoundError('You have no active subscription to cancel.')
    if (subscription.status === SubscriptionStatus.Active) {
      subscription.merge({ status: SubscriptionStatus.Cancelled, cancelledAt: clock.now() })
      await subscription.save()
    }
    return subscription
  }
}
