import FindBusinessByCode from '#actions/reviews/find_business_by_code'
import CheckReviewAllowance from '#actions/reviews/check_review_allowance'
import { pageViewCounter } from '#hot_path/page_view_counter'
import { serializePublicBusiness } from '#serializers/businesses'
import type { ReviewLinkDto } from '#types/api'

/**
 * What a customer opening a review link sees: the business (nothing about its owner), whether it accepts
 * ratings now, and one more page view counted. Used by the by-url API and by the server-rendered page.
 */
export default class OpenReviewLink {
  // Built here, not resolved by the container per request: neither has dependencies, and this is the busiest call.
  private findBusiness = new FindBusinessByCode()
  private checkAllowance = new CheckReviewAllowance()

  async handle(code: string): Promise<ReviewLinkDto> {
    const business = await this.findBusiness.handle(code)
    const [allowance] = await Promise.all([this.checkAllowance.handle(business), pageViewCounter.record(business.id)])
    return {
      business: serializePublicBusiness(business),
      canSubmitReview: allowance.allowed,
      ...(allowance.allowed ? {} : { message: allowance.message }),
      reviewCount: business.reviewCount,
    }
  }
}
