import type Business from '#models/business'
import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { callBackLinks } from '#contract/call_back'
import { formatIndianMobile } from '#contract/phone'
import { newPrivateRatingsCount } from '#contract/vocabulary'

/**
 * Private ratings with a comment arrived for one of the owner's businesses: one, or every one since the last alert,
 * named as the dashboard names them (docs/product-rules.md#words-for-the-figures).
 */
export default class FeedbackAlertMail extends AppMail {
  protected template = 'feedback_alert'
  protected kind = 'feedback-alert'
  protected recipient: string

  constructor(
    owner: User,
    private business: Business,
    private sessions: ReviewSession[]
  ) {
    super()
    this.recipient = owner.email
    this.subject = this.heading()
  }

  private heading() {
    const { business, sessions } = this
    return sessions.length === 1
      ? `New ${sessions[0].rating}-star private rating for ${business.name}`
      : `${newPrivateRatingsCount(sessions.length)} for ${business.name}`
  }

  protected content() {
    return {
      heading: this.heading(),
      businessName: this.business.name,
      ratings: this.sessions.map((session) => ({
        rating: session.rating,
        feedback: session.feedback ?? '',
        // The customer asked to be contacted: their name, number and one-tap Call / WhatsApp links.
        callBack: session.contactPhone
          ? {
              name: session.contactName,
              phone: formatIndianMobile(session.contactPhone),
              ...callBackLinks(session.contactPhone, session.contactName, this.business.name),
            }
          : null,
      })),
      button: { label: 'Open feedback', url: linkTo(`/feedbacks?businessId=${this.business.id}`) },
      reason: `You get this mail because you own ${this.business.name} on ReviewRoute and feedback alerts are on for your verified address.`,
    }
  }
}
