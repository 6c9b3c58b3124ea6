import Business from '#models/business'
import { pageViewCounter } from '#services/page_view_counter'
import { reviewAllowance } from '#actions/billing/plan_limits'
import { serializePublicBusiness } from '#serializers/serializers'
import { NotFoundError } from '#exceptions/app_errors'
import type { ReviewLinkDto } from '#types/api'

/**
 * What a customer opening a review link sees: the business (nothing about its owner), whether it accepts
 * ratings now, and one more page view counted. Used by the by-url API and by the server-rendered page.
 */
export default class LookupReviewLink {
  async handle(code: string): Promise<ReviewLinkDto> {
    const business = await Business.findByShortUrl(code)
    if (!business) throw new NotFoundError('Business not found')
    const [allowance] = await Promise.all([reviewAllowance(business), pageViewCounter.record(business.id)])
    return {
      business: serializePublicBusiness(business),
      canSubmitReview: allowance.allowed,
      ...(allowance.allowed ? {} : { message: allowance.message }),
      reviewCount: business.reviewCount,
    }
  }
}
