import Workspace from '#models/workspace'
import Business from '#models/business'
import ReviewSession from '#models/review_session'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { BUSINESS_PAUSED_MESSAGE, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS, REVIEW_LIMIT_MESSAGE } from '#contract/product_rules'

export type ReviewAllowance = { allowed: true } | { allowed: false; message: string }

/**
 * Whether customers may rate this business now (docs/product-rules.md#free-plan-limits): always while its
 * workspace has a trial or paid period (remembered until that ends); else only the workspace's oldest business, and only
 * while this IST month's ratings are under the free plan's cap. Both are read on every call, never cached.
 */
export default class CheckReviewAllowance {
  async handle(business: Business): Promise<ReviewAllowance> {
    const unlimited = await reviewLinkCache.unlimitedAccess(business.workspaceId, async () =>
      GetBillingStatus.unlimitedUntil(await Workspace.findOrFail(business.workspaceId))
    )
    if (unlimited) return { allowed: true }
    if ((await Business.freePlanBusinessIdOf(business.workspaceId)) !== business.id)
      return { allowed: false, message: BUSINESS_PAUSED_MESSAGE }
    const counts = await ReviewSession.countThisMonth([business.id])
    const used = counts.get(business.id) ?? 0
    return used < FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS ? { allowed: true } : { allowed: false, message: REVIEW_LIMIT_MESSAGE }
  }
}
