import { BasePolicy } from '@adonisjs/bouncer'
import type Member from '#policies/member'
import type GoogleReview from '#models/google_review'
import { businessChild } from '#policies/ownership'

export const REVIEW_NOT_FOUND = 'Review not found'

/**
 * An AI draft of a reply to a Google review (docs/decisions.md D46) is part of replying: owners and managers, for a
 * review of a business they see; a viewer is a 403, another workspace's review or a business outside a limited
 * manager's scope a 404.
 */
export default class ReplyDraftPolicy extends BasePolicy {
  draft(member: Member, review: GoogleReview | null) {
    return businessChild(member, review, 'write', REVIEW_NOT_FOUND)
  }
}
