import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { AccessTokensProvider } from '#auth/access_tokens_provider'
import Business from '#models/business'
import { ACCESS_TOKEN_LIFETIME } from '#lib/constants'
import {
  DEFAULT_ALERT_CHANNELS,
  FeedbackAlerts,
  type AlertChannels,
  type GoogleReviewAlertStars,
  type QuietHours,
} from '#lib/notification_enums'
import type { ReviewLanguage } from '#contract/review_messages/index'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string | null

  @column()
  declare firstName: string | null

  @column()
  declare lastName: string | null

  @column()
  declare phone: string | null

  @column({ serializeAs: null })
  declare externalId: string | null

  /** The owner's subject at the OpenID provider of "Continue with Google" (docs/decisions.md D29). */
  @column({ serializeAs: null })
  declare oidcSubject: string | null

  @column.dateTime()
  declare trialExpiredAt: DateTime | null

  @column()
  declare profileImageUrl: string | null

  @column.dateTime()
  declare trialStartsAt: DateTime | null

  @column.dateTime()
  declare trialEndsAt: DateTime | null

  @column.dateTime()
  declare lastSeenAt: DateTime | null

  /** When the owner opened a verification link for the current address; null: not verified. */
  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @column()
  declare feedbackAlerts: FeedbackAlerts

  /** How they hear about 1-3 star Google reviews: the same choices (docs/decisions.md D47). */
  @column()
  declare googleReviewAlerts: FeedbackAlerts

  /** Which Google reviews alert them: `low` (1-3 stars) or `all` (docs/decisions.md D71). */
  @column()
  declare googleReviewAlertStars: GoogleReviewAlertStars

  /** The language of their WhatsApp alerts, notifications and chat answers (docs/decisions.md D71). */
  @column()
  declare alertLanguage: ReviewLanguage

  /** The mobile number alerts go to on WhatsApp, once proved with a code (docs/decisions.md D69). */
  @column()
  declare whatsappAlertPhone: string | null

  @column.dateTime()
  declare whatsappAlertVerifiedAt: DateTime | null

  /** Where each kind of alert goes (docs/decisions.md D68); null: the defaults. Read through `alertChannels()`. */
  @column({
    columnName: 'alert_channels',
    prepare: (value) => (value === null ? null : JSON.stringify(value)),
    consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  })
  declare alertChannelsChosen: Partial<AlertChannels> | null

  /** The hours (India time) WhatsApp and push alerts wait out, but never a 1-star one (docs/decisions.md D70); null: none. */
  @column({
    columnName: 'alert_quiet_hours',
    prepare: (value) => (value === null ? null : JSON.stringify(value)),
    consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  })
  declare alertQuietHours: QuietHours | null

  /** MariaDB hands booleans back as 0/1. */
  @column({ consume: (value) => Boolean(value) })
  declare weeklySummary: boolean

  /** IST Monday ('YYYY-MM-DD') of the week whose weekly summary was last sent (its week is the one before); null: never. */
  @column()
  declare weeklySummarySentFor: string | null

  /** `operator`: ReviewRoute staff (docs/decisions.md D34). */
  @column()
  declare role: 'owner' | 'operator'

  /** The operator's TOTP secret, encrypted with the app key. */
  @column({ serializeAs: null })
  declare totpSecretEncrypted: string | null

  @column.dateTime()
  declare totpEnabledAt: DateTime | null

  /** SHA-256 hashes of the unused recovery codes. */
  @column({
    serializeAs: null,
    prepare: (value) => (value === null ? null : JSON.stringify(value)),
    consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  })
  declare totpRecoveryCodes: string[] | null

  /** Set by an operator: the account cannot sign in (docs/decisions.md D34). */
  @column.dateTime()
  declare disabledAt: DateTime | null

  @column()
  declare disabledReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => Business)
  declare businesses: HasMany<typeof Business>

  /** Accounts from the external identity provider have no password: they cannot sign in with one. */
  async verifyPassword(plainPassword: string) {
    if (this.password) return super.verifyPassword(plainPassword)
    await hash.use('scrypt').make(plainPassword)
    return false
  }

  static accessTokens = new AccessTokensProvider({
    tokenableModel: User,
    expiresIn: ACCESS_TOKEN_LIFETIME,
    prefix: 'rr_',
    table: 'auth_access_tokens',
    type: 'auth_token',
    tokenSecretLength: 40,
  })

  /** Where each kind of alert goes: the member's choice, else the defaults. */
  alertChannels(): AlertChannels {
    return { ...DEFAULT_ALERT_CHANNELS, ...this.alertChannelsChosen }
  }
}
