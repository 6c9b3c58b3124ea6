import Business from '#models/business'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { analyticsReads } from '#hot_path/analytics_reads'

/**
 * Removes an owned business with its ratings and counters (the database cascades them): its review link stops
 * answering at once, and its figures are never served from a computation that began before.
 */
export default class DeleteBusiness {
  async handle(business: Business) {
    await business.delete()
    reviewLinkCache.forgetBusiness(business.id)
    analyticsReads.forget(business.id)
    return business
  }
}
