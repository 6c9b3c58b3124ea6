import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import encryption from '@adonisjs/core/services/encryption'

/** A workspace's Google Business Profile connection (docs/decisions.md D43); its tokens are encrypted with the app key. */
export default class GoogleConnection extends BaseModel {
  static table = 'google_connections'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  /** The Google account that granted access, when Google said. */
  @column()
  declare email: string | null

  @column({ serializeAs: null })
  declare refreshTokenEncrypted: string

  @column({ serializeAs: null })
  declare accessTokenEncrypted: string | null

  @column.dateTime()
  declare accessTokenExpiresAt: DateTime | null

  /** Set when Google refused the refresh token: the connection has to be made again. */
  @column()
  declare error: string | null

  @column.dateTime()
  declare lastSyncAt: DateTime | null

  @column()
  declare connectedByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  refreshToken(): string | null {
    return encryption.decrypt<string>(this.refreshTokenEncrypted)
  }

  accessToken(): string | null {
    return this.accessTokenEncrypted ? encryption.decrypt<string>(this.accessTokenEncrypted) : null
  }

  static seal(token: string) {
    return encryption.encrypt(token)
  }
}
