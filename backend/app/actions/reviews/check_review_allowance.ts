import User from '#models/user'
import type Business from '#models/business'
import ReviewSession from '#models/review_session'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS, REVIEW_LIMIT_MESSAGE } from '#contract/product_rules'

export type ReviewAllowance = { allowed: true } | { allowed: false; message: string }

/**
 * Whether customers may rate this business now (docs/product-rules.md#free-plan-limits): always while its
 * owner has a trial or paid period (remembered until that ends), else while this IST month's ratings are
 * under the free plan's cap, which is always counted.
 */
export default class CheckReviewAllowance {
  async handle(business: Business): Promise<ReviewAllowance> {
    const unlimited = await reviewLinkCache.unlimitedAccess(business.userId, async () =>
      GetBillingStatus.unlimitedUntil(await User.findOrFail(business.userId))
    )
    if (unlimited) return { allowed: true }
    const counts = await ReviewSession.countThisMonth([business.id])
    const used = counts.get(business.id) ?? 0
    return used < FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS ? { allowed: true } : { allowed: false, message: REVIEW_LIMIT_MESSAGE }
  }
}
