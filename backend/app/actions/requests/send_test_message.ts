import { inject } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import type User from '#models/user'
import type Business from '#models/business'
import { whatsappAccountOf } from '#queries/whatsapp_accounts'
import ReviewRequestMail from '#mails/review_request_mail'
import { customerPhone } from '#actions/requests/save_customer'
import RequestChannels from '#actions/requests/request_channels'
import { permanentFailure } from '#services/messaging/failure'
import { WhatsAppCloud } from '#services/messaging/whatsapp_cloud'
import { Msg91Sms } from '#services/messaging/msg91_sms'
import { FieldError, ServiceUnavailableError } from '#exceptions/app_errors'
import { appUrl } from '#lib/app_url'
import { businessLanguageOf } from '#queries/message_languages'
import type { TestMessageDto, TestMessageRequest } from '#types/api'

const PROVIDER = { whatsapp: 'WhatsApp', sms: 'MSG91', email: 'The mail server' } as const
export const TEST_PHONE_REQUIRED = 'Enter the mobile number to send the test to.'

/**
 * "Send a test message to me" (docs/decisions.md D32): the message a customer of this business would get
 * on this channel, sent now to the owner (their account's email, or the mobile they give) with the business's review
 * page as the link, so the owner sees the template, the language and the delivery for themselves. Nothing is stored
 * and nothing counts toward the plan. A refusal comes back with the provider's reason (422); a provider that does
 * not answer is a 503 to try again.
 */
@inject()
export default class SendTestMessage {
  constructor(
    private whatsapp: WhatsAppCloud,
    private sms: Msg91Sms,
    private channels: RequestChannels
  ) {}

  /** `business`: the owner's, already checked. */
  async handle(owner: User, business: Business, input: TestMessageRequest): Promise<TestMessageDto> {
    const link = appUrl(`/review/${encodeURIComponent(business.shortUrl)}`)
    const name = owner.firstName?.trim() || 'there'
    const parameters = [name, business.name, link]
    // A channel that is not set up says what it needs, as a request on it would.
    await this.channels.refuseUnavailable(business, input.channel)
    // A customer with no language of their own gets the business's (docs/decisions.md D65).
    const { language } = await businessLanguageOf(business)
    try {
      if (input.channel === 'email') {
        await mail.send(new ReviewRequestMail(business, { name, email: owner.email }, { link, stop: link }, language, 'test'))
        return { channel: 'email', to: owner.email }
      }
      const raw = input.phone ?? owner.phone
      if (!raw) throw new FieldError('phone', TEST_PHONE_REQUIRED)
      const phone = customerPhone(raw)
      if (input.channel === 'whatsapp') {
        const account = (await whatsappAccountOf(business.workspaceId))!
        const { accessToken, phoneNumberId, template, languageCode } = account.sendingAs(language)!
        await this.whatsapp.sendTemplate({ accessToken, phoneNumberId, template, languageCode, to: phone.slice(1), parameters })
        return { channel: 'whatsapp', to: phone }
      }
      await this.sms.sendTemplate(phone.slice(3), parameters)
      return { channel: 'sms', to: phone }
    } catch (error) {
      if (error instanceof FieldError) throw error
      const reason = permanentFailure(error)
      if (reason !== null) throw new FieldError('channel', `${PROVIDER[input.channel]} refused the test: ${reason}`)
      throw new ServiceUnavailableError(`${PROVIDER[input.channel]} did not take the test message. Try again in a minute.`)
    }
  }
}
