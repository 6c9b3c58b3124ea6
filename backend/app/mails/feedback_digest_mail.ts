import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { newPrivateRatingsCount } from '#contract/vocabulary'

/** The daily digest: every private rating with a comment since the last one, across the owner's businesses. */
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
    return `Your daily feedback digest: ${newPrivateRatingsCount(this.sessions.length)}`
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
