import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import encryption from '@adonisjs/core/services/encryption'
import type { IntegrationChannel, IntegrationProvider } from '#contract/integrations'

/**
 * A business's integration with a billing, shop or booking system (docs/decisions.md D72): its signed webhooks
 * (`/api/integrations/hooks/{provider}/{token}`) schedule a review request after the chosen event.
 */
export default class Integration extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare businessId: number

  @column()
  declare provider: IntegrationProvider

  /** The webhook address's secret part. */
  @column({ serializeAs: null })
  declare token: string

  /** Encrypted with the app key; read through `signingSecret()`. */
  @column({ serializeAs: null })
  declare signingSecretEncrypted: string

  @column()
  declare trigger: string

  @column()
  declare delayMinutes: number

  @column()
  declare channel: IntegrationChannel

  @column({ consume: (value) => Number(value) })
  declare minAmountPaise: number

  @column({ consume: (value) => Boolean(value) })
  declare active: boolean

  @column.dateTime()
  declare consentConfirmedAt: DateTime

  @column()
  declare consentByUserId: number | null

  @column.dateTime()
  declare lastEventAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  signingSecret(): string {
    const secret = encryption.decrypt<string>(this.signingSecretEncrypted)
    if (secret === null) throw new Error(`integration ${this.id}: its signing secret cannot be read with this APP_KEY`)
    return secret
  }

  setSigningSecret(secret: string) {
    this.signingSecretEncrypted = encryption.encrypt(secret)
  }
}
