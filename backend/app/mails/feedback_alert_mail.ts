import type Business from '#models/business'
import type ReviewSession from '#models/review_session'
import type User from '#models/user'
import { AppMail, linkTo } from '#mails/app_mail'
import { callBackLanguage, callBackLinks } from '#contract/call_back'
import { formatIndianMobile } from '#contract/phone'
import { googleReviewsCount, newPrivateRatingsCount } from '#contract/vocabulary'
import type { GoogleReviewAlertItem } from '#queries/google_review_alerts'

/**
 * Private ratings with a comment arrived for one of the owner's businesses: one, or every one since the last alert,
 * named as the dashboard names them (docs/product-rules.md#words-for-the-figures); and, in the same mail, its new or
 * changed Google reviews (1-3 stars, or all for those who chose it), each with a link to reply in the dashboard (docs/decisions.md D47).
 */
export default class FeedbackAlertMail extends AppMail {
  protected template = 'feedback_alert'
  protected kind = 'feedback-alert'
  protected recipient: string

  constructor(
    owner: User,
    private business: Business,
    private sessions: ReviewSession[],
    private reviews: GoogleReviewAlertItem[] = []
  ) {
    super()
    this.recipient = owner.email
    this.subject = this.heading()
  }

  private heading() {
    const { business, sessions, reviews } = this
    if (sessions.length === 0) {
      return reviews.length === 1
        ? `New ${reviews[0].stars}-star Google review for ${business.name}`
        : `${googleReviewsCount(reviews)} for ${business.name}`
    }
    const ratings =
      sessions.length === 1 && reviews.length === 0
        ? `New ${sessions[0].rating}-star private rating`
        : newPrivateRatingsCount(sessions.length)
    return reviews.length === 0 ? `${ratings} for ${business.name}` : `${ratings} and ${googleReviewsCount(reviews)} for ${business.name}`
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
              // In the complaint's language, else the page's it was given on (docs/decisions.md D65).
              ...callBackLinks(
                session.contactPhone,
                session.contactName,
                this.business.name,
                callBackLanguage(session.feedback, session.language, this.business.language)
              ),
            }
          : null,
      })),
      googleReviews: this.reviews,
      button:
        this.sessions.length === 0
          ? { label: 'Reply to Google reviews', url: linkTo(`/feedbacks?source=google&businessId=${this.business.id}`) }
          : { label: 'Open feedback', url: linkTo(`/feedbacks?businessId=${this.business.id}`) },
      reason: `You get this mail because you own ${this.business.name} on ReviewRoute and ${
        this.sessions.length === 0
          ? 'Google review alerts are'
          : this.reviews.length === 0
            ? 'feedback alerts are'
            : 'feedback and Google review alerts are'
      } on for your verified address.`,
    }
  }
}
