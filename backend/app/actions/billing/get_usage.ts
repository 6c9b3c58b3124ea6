import { inject } from '@adonisjs/core'
import type Member from '#policies/member'
import BusinessPolicy from '#policies/business_policy'
import ReviewSession from '#models/review_session'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { FREE_PLAN_BUSINESS_LIMIT, FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS } from '#contract/product_rules'
import type { UsageDto } from '#types/api'

/** What the owner has used of the free plan's limits this IST month, and those limits (null: unlimited). */
@inject()
export default class GetUsage {
  constructor(private billingStatus: GetBillingStatus) {}

  async handle(member: Member): Promise<UsageDto> {
    const [status, businesses] = await Promise.all([
      this.billingStatus.handle(member.workspace),
      BusinessPolicy.visible(member).select('id'),
    ])
    const counts = await ReviewSession.countThisMonth(businesses.map(({ id }) => id))
    return {
      subscriptionPlan: status.subscriptionPlan,
      planType: status.planType,
      isLimited: status.isLimited,
      usage: {
        businesses: businesses.length,
        reviewsThisMonth: [...counts.values()].reduce((sum, n) => sum + n, 0),
        reviewsThisMonthByBusiness: Object.fromEntries(businesses.map(({ id }) => [id, counts.get(id) ?? 0])),
      },
      limits: status.isLimited
        ? { businesses: FREE_PLAN_BUSINESS_LIMIT, reviewsPerBusinessPerMonth: FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS }
        : { businesses: null, reviewsPerBusinessPerMonth: null },
    }
  }
}
