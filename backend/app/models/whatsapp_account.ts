import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import encryption from '@adonisjs/core/services/encryption'
import type { ReviewLanguage } from '#contract/review_messages/index'

/** An owner's WhatsApp Business Cloud API number and its approved templates (docs/decisions.md D32). */
export default class WhatsAppAccount extends BaseModel {
  static table = 'whatsapp_accounts'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  /** Who connected it. */
  @column()
  declare userId: number | null

  @column()
  declare phoneNumberId: string

  /** Encrypted with the app key; read through `accessToken()`. */
  @column({ serializeAs: null })
  declare accessTokenEncrypted: string

  @column({ prepare: (value) => JSON.stringify(value), consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value) })
  declare templates: Partial<Record<ReviewLanguage, string>>

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime

  accessToken(): string | null {
    return encryption.decrypt<string>(this.accessTokenEncrypted)
  }

  /**
   * What a message to a customer of a business in `language` goes out with: the approved template in that language
   * (else the English one) and the token; null when either is missing.
   */
  sendingAs(language: ReviewLanguage | null) {
    const own = language ? this.templates[language] : undefined
    const template = own ?? this.templates.en
    const accessToken = this.accessToken()
    if (!template || !accessToken) return null
    return { accessToken, phoneNumberId: this.phoneNumberId, template, languageCode: own ? language! : 'en' }
  }

  static sealToken(token: string) {
    return encryption.encrypt(token)
  }
}
