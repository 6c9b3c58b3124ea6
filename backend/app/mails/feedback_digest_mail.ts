import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { googleReviewsCount, newPrivateRatingsCount } from '#contract/vocabulary'
import type { GoogleReviewAlertItem } from '#queries/google_review_alerts'

/**
 * The daily digest: every private rating with a comment since the last one, across the owner's businesses, and the
 * new or changed Google reviews (1-3 stars, or all for those who chose it) of those on a daily Google review setting (docs/decisions.md D47).
 */
export default class FeedbackDigestMail extends AppMail {
  protected template = 'feedback_digest'
  protected kind = 'feedback-digest'
  protected recipient: string

  constructor(
    owner: User,
    private sessions: ReviewSession[],
    private reviews: GoogleReviewAlertItem[] = []
  ) {
    super()
    this.recipient = owner.email
    this.subject = this.heading()
  }

  private heading() {
    const counts = [
      ...(this.sessions.length || this.reviews.length === 0 ? [newPrivateRatingsCount(this.sessions.length)] : []),
      ...(this.reviews.length ? [googleReviewsCount(this.reviews)] : []),
    ]
    return `Your daily feedback digest: ${counts.join(', ')}`
  }

  protected content() {
    return {
      heading: this.heading(),
      ratings: this.sessions.map((session) => ({
        businessName: session.business.name,
        rating: session.rating,
        feedback: session.feedback ?? '',
      })),
      googleReviews: this.reviews,
      button:
        this.sessions.length === 0
          ? { label: 'Reply to Google reviews', url: linkTo('/feedbacks?source=google') }
          : { label: 'Open feedback', url: linkTo('/feedbacks') },
      reason: `You get this mail because ${
        this.sessions.length === 0
          ? 'Google review alerts are'
          : this.reviews.length === 0
            ? 'feedback alerts are'
            : 'feedback and Google review alerts are'
      } set to a daily digest for your verified address on ReviewRoute.`,
    }
  }
}
