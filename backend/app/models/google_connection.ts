import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import encryption from '@adonisjs/core/services/encryption'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import db from '@adonisjs/lucid/services/db'
import type { GoogleImportStatus } from '#contract/google_connection'

/** The import_error column's size. */
const MAX_IMPORT_ERROR = 500

/**
 * "A connection Google still accepts" (no error: Google has not refused its refresh token or its access twice) for
 * a query that reads google_connections under another name (a raw join, a conditional update); model queries use
 * the `working` scope, which is this. A demo connection works too: whoever must not call Google for it asks `demo`.
 */
export function whereWorking<Query extends ChainableContract>(query: Query, table = 'google_connections'): Query {
  return query.whereNull(`${table}.error`)
}

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

  /** Where the import of its locations' reviews is (docs/decisions.md D58); null before any. */
  @column()
  declare importStatus: GoogleImportStatus | null

  /** Why the import failed, in Google's words. */
  @column()
  declare importError: string | null

  /** A demo connection (docs/decisions.md D59): seeded for trying the inbox, never sent to Google. */
  @column({ consume: (value) => Boolean(value) })
  declare demo: boolean

  @column()
  declare connectedByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Connections Google still accepts ({@link whereWorking}). */
  static working = scope((query) => {
    whereWorking(query)
  })

  /** The workspaces with a working connection, as a subquery (`whereIn('workspace_id', …)`). */
  static workingWorkspaceIds() {
    return this.query()
      .withScopes((scopes) => scopes.working())
      .select('workspace_id')
  }

  /**
   * Says where the workspace's import is (docs/decisions.md D58), with Google's words for a failure: only when its
   * status is one of `from` (null: none said yet), or whatever it is (`any`).
   */
  static setImportStatus(
    workspaceId: number,
    status: GoogleImportStatus,
    from: (GoogleImportStatus | null)[] | 'any',
    error: string | null = null
  ) {
    const query = db.from(this.table).where('workspace_id', workspaceId)
    if (from !== 'any') {
      const named = from.filter((value): value is GoogleImportStatus => value !== null)
      query.where((where) => {
        where.whereIn('import_status', named.length > 0 ? named : [''])
        if (from.includes(null)) where.orWhereNull('import_status')
      })
    }
    return query.update({ import_status: status, import_error: error ? error.slice(0, MAX_IMPORT_ERROR) : null, updated_at: new Date() })
  }

  /** This connection as the `working` scope sees it. */
  get isWorking() {
    return this.error === null
  }

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
