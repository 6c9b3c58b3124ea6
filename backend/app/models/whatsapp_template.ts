import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { WhatsAppTemplateStatus } from '#contract/whatsapp_chat'

/**
 * A review-request template on a business's WhatsApp Business account, in one language, with Meta's review state
 * (docs/decisions.md D67): made by ReviewRoute on connect (`managed`: it has the rating quick-replies) or named
 * by the owner in the manual form (taken as approved).
 */
export default class WhatsAppTemplate extends BaseModel {
  static table = 'whatsapp_templates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare whatsappAccountId: number

  @column()
  declare name: string

  @column()
  declare language: ReviewLanguage

  /** Meta's id of the template (null for one named in the manual form). */
  @column()
  declare metaTemplateId: string | null

  @column()
  declare status: WhatsAppTemplateStatus

  /** Meta's reason for a rejection, a pause or a disabling. */
  @column()
  declare reason: string | null

  @column()
  declare managed: boolean

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime
}
