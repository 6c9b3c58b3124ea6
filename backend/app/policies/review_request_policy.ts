import { BasePolicy } from '@adonisjs/bouncer'
import type Business from '#models/business'
import ReviewRequest from '#models/review_request'
import type Member from '#policies/member'
import { businessChild, businessRow, visibleBusinessIds } from '#policies/ownership'

const NOT_FOUND = 'Review request not found'

/** Personal review requests sent for a business. */
export default class ReviewRequestPolicy extends BasePolicy {
  static visible(member: Member) {
    return ReviewRequest.query().whereIn('business_id', visibleBusinessIds(member))
  }

  /** A business's requests as a whole (its funnel, its channels). */
  viewAny(member: Member, business: Business | null) {
    return businessRow(member, business, 'read')
  }

  /** Sending requests for a business. */
  create(member: Member, business: Business | null) {
    return businessRow(member, business, 'write')
  }

  view(member: Member, request: ReviewRequest | null) {
    return businessChild(member, request, 'read', NOT_FOUND)
  }

  resend(member: Member, request: ReviewRequest | null) {
    return businessChild(member, request, 'write', NOT_FOUND)
  }
}
