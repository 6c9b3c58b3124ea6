import { BasePolicy } from '@adonisjs/bouncer'
import ReviewSession from '#models/review_session'
import type User from '#models/user'
import { businessOwnerOnly, ownedBusinessIds } from '#policies/ownership'

/** Customers' ratings of a business, and the private feedback among them (rated 3 or below). */
export default class ReviewSessionPolicy extends BasePolicy {
  static visible(user: User) {
    return ReviewSession.query().whereIn('business_id', ownedBusinessIds(user))
  }

  view(user: User, session: ReviewSession | null) {
    return businessOwnerOnly(user, session, 'Review session not found')
  }

  viewFeedback(user: User, session: ReviewSession | null) {
    return businessOwnerOnly(user, session, 'Feedback not found')
  }

  /** Marking a feedback handled, or reopening it. */
  resolve(user: User, session: ReviewSession | null) {
    return businessOwnerOnly(user, session, 'Feedback not found')
  }
}
