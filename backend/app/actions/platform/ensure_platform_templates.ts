import { inject } from '@adonisjs/core'
import { NotConfiguredError } from '#exceptions/app_errors'
import { platformSender } from '#lib/whatsapp_platform'
import { WhatsAppCloud, templateReason, type GraphTemplate } from '#services/messaging/whatsapp_cloud'
import { platformTemplateDefinitions } from '#services/messaging/whatsapp_alert_templates'

export interface PlatformTemplateState {
  name: string
  language: string
  category: string
  status: string
  reason: string | null
  /** Created by this run (else it was on the WABA already). */
  created: boolean
}

/**
 * Creates on ReviewRoute's own WhatsApp Business account the alert templates it lacks and answers every one's state
 * as Meta has it (docs/decisions.md D69). Idempotent: a template already there (any state) is not created again.
 */
@inject()
export default class EnsurePlatformTemplates {
  constructor(private cloud: WhatsAppCloud) {}

  async handle(): Promise<PlatformTemplateState[]> {
    const platform = platformSender()
    if (!platform) {
      throw new NotConfiguredError(
        'Set WHATSAPP_PLATFORM_PHONE_NUMBER_ID, WHATSAPP_PLATFORM_WABA_ID and WHATSAPP_PLATFORM_TOKEN first.',
        'E_WHATSAPP_ALERTS_NOT_CONFIGURED'
      )
    }
    const existing = await this.cloud.templates(platform.accessToken, platform.wabaId)
    const states: PlatformTemplateState[] = []
    for (const definition of platformTemplateDefinitions()) {
      const found = existing.find((template) => template.name === definition.name && template.language === definition.language)
      const made: Pick<GraphTemplate, 'status' | 'rejected_reason'> =
        found ?? (await this.cloud.createTemplate(platform.accessToken, platform.wabaId, definition))
      states.push({
        name: definition.name,
        language: definition.language,
        category: definition.category,
        status: String(made.status ?? 'PENDING').toUpperCase(),
        reason: templateReason(made),
        created: !found,
      })
    }
    return states
  }
}
