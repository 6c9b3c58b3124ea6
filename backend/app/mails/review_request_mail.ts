/*
 * A review request sent for the owner by email (docs/decisions.md D32): all of it in the customer's language (D65,
 * chosen by the sender: contract/message_language.ts) (subject, message, button, the line under it, why it came, `<html lang>`), the personal link as the
 * button, and the stop link as the unsubscribe link in the footer (also in the List-Unsubscribe headers,
 * one-click: mail apps POST to it, and POST /r/{token}/stop opts out).
 */
import { BaseMail } from '@adonisjs/mail'
import type Business from '#models/business'
import type Customer from '#models/customer'
import { MAIL_KIND_HEADER } from '#services/mail/transports'
import { REVIEW_MESSAGES } from '#contract/review_messages/all'
import { translate, type ReviewLanguage, type ReviewMessages } from '#contract/review_messages/index'
import env from '#start/env'
import { appUrl } from '#lib/app_url'
import { stableMessageId } from '#mails/app_mail'
import { brands } from '#services/brand/brands'

/** The address mails come from (MAIL_FROM, `Name <address>` or a bare address). */
const senderAddress = () => {
  const from = env.get('MAIL_FROM')
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
}

const LINK = '\u0000link\u0000'
const STOP = '\u0000stop\u0000'

/**
 * The message's paragraphs for the HTML, without its raw links: the button carries the personal link, and the footer
 * the stop link, so the line that only gives the stop link is left out. Rendered with markers in place of the links
 * rather than searching for the URLs in the text: the stop link is the personal link plus `/stop`, and a test mail
 * uses one link for both.
 */
function messageParagraphs(messages: ReviewMessages, params: { customer: string; business: string }) {
  return translate(messages, 'requestMessage', { ...params, link: LINK, stopLink: STOP })
    .split('\n')
    .filter((line) => !line.includes(STOP))
    .map((line) =>
      line
        .replace(LINK, '')
        .trim()
        .replace(/[:：]$/, '')
        .trim()
    )
    .filter(Boolean)
}

/** The Message-ID of a request's mail (or its reminder's): one per request, so a resend after a crash is recognisable. */
export const requestMessageId = (requestId: number, reminder: boolean) =>
  stableMessageId(`review-request-${reminder ? 'reminder-' : ''}${requestId}`)

export default class ReviewRequestMail extends BaseMail {
  subject: string

  /**
   * `links`: the personal link and its stop link. `language`: the customer's (docs/decisions.md D65). `kind`: a
   * `reminder` after 3 days, or the owner's `test` of the channel (to the owner, with the business's review page as
   * the link).
   */
  constructor(
    private business: Business,
    private customer: Pick<Customer, 'name' | 'email'>,
    private links: { link: string; stop: string },
    private language: ReviewLanguage,
    private kind: 'request' | 'reminder' | 'test' = 'request',
    /** A Message-ID of the request's own, the same on a resend (docs/decisions.md D52). */
    private messageId?: string
  ) {
    super()
    const messages = REVIEW_MESSAGES[this.language]
    const params = { business: business.name }
    const subject = translate(messages, kind === 'reminder' ? 'requestReminderSubject' : 'requestSubject', params)
    // The owner's test says it is one in the dashboard's English; the rest is what the customer would get.
    this.subject = kind === 'test' ? `[Test] ${subject}` : subject
  }

  async prepare() {
    const messages = REVIEW_MESSAGES[this.language]
    // A client business of a branded agency: the agency's name as the sender and in the header, its colour and (a
    // PNG; mail apps do not show SVG) logo from our origin (docs/decisions.md D42, "Brand").
    const brand = await brands.forWorkspace(this.business.workspaceId)
    const { link, stop } = this.links
    const business = this.business.name
    const names = { customer: this.customer.name, business }
    const text = translate(messages, 'requestMessage', { ...names, link, stopLink: stop })
    const data = {
      lang: this.language,
      subject: this.subject,
      heading: business,
      lines: messageParagraphs(messages, names),
      text,
      button: { label: messages.question, url: link },
      openLinkLabel: messages.requestOpenLink,
      reason: translate(messages, 'requestReason', { business }),
      stopUrl: stop,
      stopLabel: messages.stopButton,
      profileUrl: '',
      brand: brand && {
        name: brand.name,
        color: brand.color,
        logoUrl: brand.logoUrl && brand.logoType === 'image/png' ? appUrl(brand.logoUrl) : null,
        logoWidth: brand.logoWidth,
        logoHeight: brand.logoHeight,
      },
    }
    if (brand) this.message.from(senderAddress(), brand.name)
    if (this.messageId) this.message.messageId(this.messageId)
    this.message
      .to(this.customer.email!)
      .header(MAIL_KIND_HEADER, this.kind === 'request' ? 'review-request' : `review-request-${this.kind}`)
      .header('List-Unsubscribe', `<${stop}>`)
      .header('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      .htmlView('emails/review_request_html', data)
      .textView('emails/review_request_text', data)
  }
}
