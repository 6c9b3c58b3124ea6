/*
 * What every mail of ours has: one recipient, an HTML and a plain-text body from the same pair of templates
 * (resources/views/emails/{template}_html.edge and _text.edge), a button to the screen it is about, a footer
 * saying why the owner gets it, and the kind header that tests and support read.
 */
import { BaseMail } from '@adonisjs/mail'
import { MAIL_KIND_HEADER } from '#services/mail/transports'
import { appUrl } from '#lib/app_url'
import env from '#start/env'

/**
 * A Message-ID made from what the mail is about (`receipt-12`), the same however often it is sent, so a resend after
 * a worker died mid-send (docs/decisions.md D52) is recognisable as the same message.
 */
export const stableMessageId = (key: string) => {
  const from = env.get('MAIL_FROM')
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
  return `<${key}@${address.split('@')[1] || 'reviewroute.in'}>`
}

/** An absolute link into the product: APP_URL + path. */
export const linkTo = appUrl

export interface MailContent {
  /** Shown as the first line of the HTML body. */
  heading: string
  button: { label: string; url: string }
  /** Why the owner gets this mail; the footer adds where to change that. */
  reason: string
  /** Where the footer sends the owner to choose their mails (their profile); null for an account that is gone. */
  profileUrl?: string | null
  [field: string]: unknown
}

export abstract class AppMail extends BaseMail {
  /** Template pair and X-ReviewRoute-Mail value, e.g. 'feedback_alert' / 'feedback-alert'. */
  protected abstract template: string
  protected abstract kind: string
  protected abstract recipient: string
  protected abstract content(): MailContent
  #messageId?: string

  /** Gives the mail a stable Message-ID (`stableMessageId`). */
  identified(key: string) {
    this.#messageId = stableMessageId(key)
    return this
  }

  prepare() {
    const data = { profileUrl: linkTo('/profile'), ...this.content(), subject: this.subject }
    this.message
      .to(this.recipient)
      .header(MAIL_KIND_HEADER, this.kind)
      .htmlView(`emails/${this.template}_html`, data)
      .textView(`emails/${this.template}_text`, data)
    if (this.#messageId) this.message.messageId(this.#messageId)
  }
}
