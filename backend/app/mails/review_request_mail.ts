/*
 * A review request sent for the owner by email (docs/decisions.md D32): the business's own words in its
 * customer-page language, the personal link as the button, and the stop link as the unsubscribe link (also in the
 * List-Unsubscribe headers, one-click: mail apps POST to it, and POST /r/{token}/stop opts out).
 */
import { BaseMail } from '@adonisjs/mail'
import type Business from '#models/business'
import type Customer from '#models/customer'
import { MAIL_KIND_HEADER } from '#services/mail/transports'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { translate } from '#contract/review_messages/index'

export default class ReviewRequestMail extends BaseMail {
  subject: string

  /**
   * `links`: the personal link and its stop link. `kind`: a `reminder` after 3 days, or the owner's `test` of the
   * channel (to the owner, with the business's review page as the link).
   */
  constructor(
    private business: Business,
    private customer: Pick<Customer, 'name' | 'email'>,
    private links: { link: string; stop: string },
    private kind: 'request' | 'reminder' | 'test' = 'request'
  ) {
    super()
    const question = `How was your visit to ${business.name}?`
    this.subject = kind === 'reminder' ? `A reminder: ${question}` : kind === 'test' ? `[Test] ${question}` : question
  }

  prepare() {
    const messages = REVIEW_MESSAGES[this.business.language ?? 'en']
    const { link, stop } = this.links
    const text = translate(messages, 'requestMessage', { customer: this.customer.name, business: this.business.name, link, stopLink: stop })
    // The HTML shows the message without its two raw links: the button and the footer carry them.
    const lines = text
      .split('\n')
      .map((line) =>
        line
          .replace(link, '')
          .replace(stop, '')
          .trim()
          .replace(/[:：]$/, '')
      )
      .filter(Boolean)
    const data = {
      subject: this.subject,
      heading: this.business.name,
      lines,
      text,
      button: { label: messages.question, url: link },
      reason: `${this.business.name} sent you this because you visited them and agreed to hear from them.`,
      stopUrl: stop,
      stopLabel: messages.stopButton,
      profileUrl: '',
    }
    this.message
      .to(this.customer.email!)
      .header(MAIL_KIND_HEADER, this.kind === 'request' ? 'review-request' : `review-request-${this.kind}`)
      .header('List-Unsubscribe', `<${stop}>`)
      .header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      .htmlView('emails/review_request_html', data)
      .textView('emails/review_request_text', data)
  }
}
