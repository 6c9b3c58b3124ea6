import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import ReviewRequest from '#models/review_request'
import type User from '#models/user'
import { businessOwnerOnly, ownedBusinessIds, ownerOnly } from '#policies/ownership'

const NOT_FOUND = 'Review request not found'

/** Personal review requests sent for a business. */
export default class ReviewRequestPolicy extends BasePolicy {
  static visible(user: User) {
    return ReviewRequest.query().whereIn('business_id', ownedBusinessIds(user))
  }

  /** A business's requests as a whole (its funnel). */
  viewAny(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, 'Business not found')
  }

  /** Sending requests for a business. */
  create(user: User, business: Business | null) {
    return ownerOnly(user, business?.userId, 'Business not found')
  }

  view(user: User, request: ReviewRequest | null) {
    return businessOwnerOnly(user, request, NOT_FOUND)
  }

  resend(user: User, request: ReviewRequest | null) {
    return businessOwnerOnly(user, request, NOT_FOUND)
  }
}
