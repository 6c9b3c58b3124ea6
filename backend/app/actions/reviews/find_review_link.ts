import Business from '#models/business'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { NotFoundError } from '#exceptions/app_errors'

/**
 * The business behind a customer's review code (any case), or 404. Kept in memory for a few seconds per
 * process (docs/architecture.md#review-link-cache): opening a link and rating it are the busiest calls.
 */
export default class FindReviewLink {
  async handle(code: string): Promise<Business> {
    const key = code.toLowerCase()
    const business = await reviewLinkCache.business(key, () => Business.query().where('short_url', key).first())
    if (!business) throw new NotFoundError('Business not found')
    return business
  }
}
