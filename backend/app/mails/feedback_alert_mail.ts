import type Business from '#models/business'
import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'

/** A 1-3 star rating with text arrived for one of the owner's businesses. */
export default class FeedbackAlertMail extends AppMail {
  protected template = 'feedback_alert'
  protected kind = 'feedback-alert'
  protected recipient: string

  constructor(
    owner: User,
    private business: Business,
    private session: ReviewSession
  ) {
    super()
    this.recipient = owner.email
    this.subject = `New ${session.rating}-star feedback for ${business.name}`
  }

  protected content() {
    return {
      heading: `New ${this.session.rating}-star feedback for ${this.business.name}`,
      businessName: this.business.name,
      rating: this.session.rating,
      feedback: this.session.feedback ?? '',
      button: { label: 'Open feedback', url: linkTo(`/feedbacks?businessId=${this.business.id}`) },
      reason: `You get this mail because you own ${this.business.name} on ReviewRoute and feedback alerts are on for your verified address.`,
    }
  }
}
