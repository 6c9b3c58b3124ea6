import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import encryption from '@adonisjs/core/services/encryption'
import type { ReviewLanguage } from '#contract/review_messages/index'
import WhatsAppTemplate from '#models/whatsapp_template'

/**
 * An owner's WhatsApp Business Cloud API number (docs/decisions.md D32, D67): connected through Meta's Embedded
 * Signup or by hand, with what Meta says about the number and its review-request templates. A connection Meta
 * reports removed stays, marked disconnected, so the owner sees why nothing is sent.
 */
export default class WhatsAppAccount extends BaseModel {
  static table = 'whatsapp_accounts'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  /** Who connected it. */
  @column()
  declare userId: number | null

  /** The WhatsApp Business account (WABA) the number belongs to; null for one connected by hand. */
  @column()
  declare wabaId: string | null

  @column()
  declare phoneNumberId: string

  @column()
  declare displayPhoneNumber: string | null

  @column()
  declare verifiedName: string | null

  /** Meta's quality rating: GREEN, YELLOW, RED or UNKNOWN. */
  @column()
  declare qualityRating: string | null

  /** Meta's messaging limit tier, e.g. TIER_1K. */
  @column()
  declare messagingLimit: string | null

  /** The number stays in the WhatsApp Business app on the owner's phone (Meta's coexistence onboarding). */
  @column({ consume: (value) => Boolean(value) })
  declare coexistence: boolean

  /** Encrypted with the app key; read through `accessToken()`. */
  @column({ serializeAs: null })
  declare accessTokenEncrypted: string

  /** The two-step verification pin the number was registered with (encrypted); null when not registered by us. */
  @column({ serializeAs: null })
  declare pinEncrypted: string | null

  @column.dateTime()
  declare disconnectedAt: DateTime | null

  @column()
  declare noticeKind: 'quality' | 'disconnected' | null

  @column()
  declare noticeMessage: string | null

  @column.dateTime()
  declare noticeAt: DateTime | null

  @hasMany(() => WhatsAppTemplate, { foreignKey: 'whatsappAccountId' })
  declare templates: HasMany<typeof WhatsAppTemplate>

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime

  accessToken(): string | null {
    return encryption.decrypt<string>(this.accessTokenEncrypted)
  }

  /** The languages with an approved template (templates preloaded). */
  approvedLanguages(): ReviewLanguage[] {
    return this.disconnectedAt ? [] : this.templates.filter((template) => template.status === 'APPROVED').map(({ language }) => language)
  }

  /**
   * What a message to a customer in `language` goes out with (templates preloaded): the approved template in that
   * language (else the English one) and the token; null when the number is disconnected or either is missing.
   */
  sendingAs(language: ReviewLanguage | null) {
    if (this.disconnectedAt) return null
    const approved = (code: ReviewLanguage | null) =>
      this.templates.find((template) => template.language === code && template.status === 'APPROVED')
    const own = approved(language)
    const template = own ?? approved('en')
    const accessToken = this.accessToken()
    if (!template || !accessToken) return null
    return {
      accessToken,
      phoneNumberId: this.phoneNumberId,
      template: template.name,
      languageCode: template.language,
      /** ReviewRoute's own template carries the rating quick-replies. */
      withRatingButtons: template.managed,
      /** The customer's language had no approved template: it goes in English. */
      fellBackToEnglish: own === undefined && language !== 'en',
    }
  }

  static sealToken(token: string) {
    return encryption.encrypt(token)
  }
}
