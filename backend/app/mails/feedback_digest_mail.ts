import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/** The daily digest: every 1-3 star rating with text since the last one, across the owner's businesses. */
export default class FeedbackDigestMail extends AppMail {
  protected template = 'feedback_digest'
  protected kind = 'feedback-digest'
  protected recipient: string

  constructor(
    owner: User,
    private sessions: ReviewSession[]
  ) {
    super()
    this.recipient = owner.email
    this.subject = this.heading()
  }

  private heading() {
    const count = this.sessions.length
    return `Your daily feedback digest: ${count} new low ${count === 1 ? 'rating' : 'ratings'}`
  }

  protected content() {
    return {
      heading: this.heading(),
      ratings: this.sessions.map((session) => ({
        businessName: session.business.name,
        rating: session.rating,
        feedback: session.feedback ?? '',
      })),
      button: { label: 'Open feedback', url: linkTo('/feedbacks') },
      reason: 'You get this mail because feedback alerts are set to a daily digest for your verified address on ReviewRoute.',
    }
  }
}
