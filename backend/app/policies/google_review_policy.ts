import { BasePolicy } from '@adonisjs/bouncer'
import GoogleReview from '#models/google_review'
import type Member from '#policies/member'
import { businessChild, visibleBusinessIds } from '#policies/ownership'

export const GOOGLE_REVIEW_NOT_FOUND = 'Google review not found'

/**
 * The Google reviews of the workspace's businesses (docs/decisions.md D45): every member reads those of the
 * businesses they see; owners and managers (within their businesses) answer them on Google.
 */
export default class GoogleReviewPolicy extends BasePolicy {
  static visible(member: Member) {
    return GoogleReview.query().whereIn('business_id', visibleBusinessIds(member))
  }

  view(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'read', GOOGLE_REVIEW_NOT_FOUND)
  }

  /** Posting, replacing or deleting the reply on Google. */
  reply(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'write', GOOGLE_REVIEW_NOT_FOUND)
  }
}
