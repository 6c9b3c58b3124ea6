import { BasePolicy } from '@adonisjs/bouncer'
import ReviewSession from '#models/review_session'
import type Member from '#policies/member'
import { businessChild, visibleBusinessIds } from '#policies/ownership'

/** Customers' ratings of a business, and the private feedback among them (rated 3 or below). */
export default class ReviewSessionPolicy extends BasePolicy {
  static visible(member: Member) {
    return ReviewSession.query().whereIn('business_id', visibleBusinessIds(member))
  }

  view(member: Member, session: ReviewSession | null) {
    return businessChild(member, session, 'read', 'Review session not found')
  }

  viewFeedback(member: Member, session: ReviewSession | null) {
    return businessChild(member, session, 'read', 'Feedback not found')
  }

  /** Marking a feedback handled, or reopening it. */
  resolve(member: Member, session: ReviewSession | null) {
    return businessChild(member, session, 'write', 'Feedback not found')
  }
}
