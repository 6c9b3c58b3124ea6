import { inject } from '@adonisjs/core'
import { randomInt } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'
import WhatsAppAccount from '#models/whatsapp_account'
import type Member from '#policies/member'
import { FieldError, ServiceUnavailableError } from '#exceptions/app_errors'
import ConnectWhatsAppAccount from '#actions/requests/connect_whatsapp_account'
import {
  WhatsAppCloud,
  WhatsAppCloudError,
  WhatsAppUnavailableError,
  templateReason,
  type GraphTemplate,
} from '#services/messaging/whatsapp_cloud'
import { REVIEW_TEMPLATE_NAME, TEMPLATE_LANGUAGES, reviewTemplateDefinition } from '#services/messaging/whatsapp_review_template'
import type { WhatsAppEmbeddedSignupRequest, WhatsAppTemplateStatus } from '#types/requests'
import { isReviewLanguage } from '#contract/review_messages/index'

const STATUSES = new Set<string>(['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'])

/** Meta's template states folded into ours (IN_APPEAL and the like are still pending). */
export const templateStatus = (status: unknown): WhatsAppTemplateStatus =>
  typeof status === 'string' && STATUSES.has(status.toUpperCase()) ? (status.toUpperCase() as WhatsAppTemplateStatus) : 'PENDING'

/**
 * Meta's Embedded Signup, finished on the server (docs/decisions.md D67), as Meta's onboarding steps say: the code
 * exchanged for the business token, our app subscribed to the WABA's webhooks, a new number registered with a
 * generated 6-digit pin (the one it was registered with before, when we have it; a number kept in the WhatsApp Business app is not), the number read, and the review
 * template created in each language the WABA lacks. Only then is anything stored: Meta's refusal is a 422 in
 * Meta's words, Meta unreachable or failing a 503, and either way the workspace keeps what it had.
 */
@inject()
export default class ConnectWhatsAppByEmbeddedSignup {
  constructor(
    private cloud: WhatsAppCloud,
    private connect: ConnectWhatsAppAccount
  ) {}

  async handle(by: Member, input: WhatsAppEmbeddedSignupRequest) {
    const coexistence = input.coexistence === true
    // A number registered before keeps its pin: Meta refuses registering it again with another one.
    const known = await WhatsAppAccount.findBy('phone_number_id', input.phoneNumberId)
    const knownPin = known?.pinEncrypted ? encryption.decrypt<string>(known.pinEncrypted) : null
    const pin = coexistence ? null : (knownPin ?? String(randomInt(0, 1_000_000)).padStart(6, '0'))
    const onMeta = await this.onboard(input, pin)
    return this.connect.store(by, {
      phoneNumberId: input.phoneNumberId,
      accessToken: onMeta.accessToken,
      wabaId: input.wabaId,
      displayPhoneNumber: onMeta.number.display_phone_number ?? null,
      verifiedName: onMeta.number.verified_name ?? null,
      qualityRating: onMeta.number.quality_rating ?? null,
      messagingLimit: onMeta.number.messaging_limit_tier ?? null,
      coexistence,
      pin,
      templates: onMeta.templates,
    })
  }

  private async onboard({ code, wabaId, phoneNumberId }: WhatsAppEmbeddedSignupRequest, pin: string | null) {
    try {
      const accessToken = await this.cloud.exchangeCode(code)
      await this.cloud.subscribeApp(accessToken, wabaId)
      if (pin) await this.cloud.register(accessToken, phoneNumberId, pin)
      const number = await this.cloud.phoneNumber(accessToken, phoneNumberId)
      const onWaba = await this.cloud.templates(accessToken, wabaId)
      const existing = onWaba.filter((template) => template.name === REVIEW_TEMPLATE_NAME && isReviewLanguage(template.language))
      const templates = []
      for (const language of TEMPLATE_LANGUAGES) {
        const made: Pick<GraphTemplate, 'id' | 'status' | 'rejected_reason'> =
          existing.find((template) => template.language === language) ??
          (await this.cloud.createTemplate(accessToken, wabaId, reviewTemplateDefinition(language)))
        const status = templateStatus(made.status)
        templates.push({
          name: REVIEW_TEMPLATE_NAME,
          language,
          status,
          reason: templateReason(made),
          metaTemplateId: made.id,
          managed: true,
        })
      }
      return { accessToken, number, templates }
    } catch (error) {
      if (error instanceof WhatsAppUnavailableError) throw new ServiceUnavailableError(error.message)
      if (error instanceof WhatsAppCloudError) throw new FieldError('code', `Meta: ${error.message}`)
      throw error
    }
  }
}
