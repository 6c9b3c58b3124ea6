import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { LinkPausedError, NotFoundError } from '#exceptions/app_errors'

/**
 * The business behind a customer's review code (any case), or 404. An earlier code of the business finds it too
 * (docs/decisions.md D31); a link an operator paused is 423 (D34); its `shortUrl` then differs from the code asked for, and the page sends the customer
 * on to the current one. Kept in memory for a few seconds per process (docs/architecture.md#review-link-cache):
 * opening a link and rating it are the busiest calls.
 */
export default class FindBusinessByCode {
  async handle(code: string): Promise<Business> {
    const key = code.toLowerCase()
    const business = await reviewLinkCache.business(key, async () => {
      const current = await Business.query().where('short_url', key).first()
      if (current) return current
      return Business.query().whereIn('id', db.from('review_link_aliases').where('code', key).select('business_id')).first()
    })
    if (!business) throw new NotFoundError('Business not found')
    if (business.disabledAt) throw new LinkPausedError()
    return business
  }
}
