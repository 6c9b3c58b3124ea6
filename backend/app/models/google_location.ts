import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'

/** A location of the connected Business Profile, and the workspace's business it is linked to (docs/decisions.md D43). */
export default class GoogleLocation extends BaseModel {
  static table = 'google_locations'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  /** accounts/{a}/locations/{l} */
  @column()
  declare name: string

  @column()
  declare title: string

  @column()
  declare address: string | null

  @column()
  declare placeId: string | null

  @column()
  declare businessId: number | null

  /** When its reviews were first read in full; changes after it are alerted (docs/decisions.md D47). */
  @column.dateTime()
  declare reviewsBaselineAt: DateTime | null

  /** Linked and waiting for its import since then (docs/decisions.md D58); null once the import ended. */
  @column.dateTime()
  declare importDueAt: DateTime | null

  /** The owner unlinked it: never linked again by its place id, only by hand. */
  @column({ consume: (value) => Boolean(value) })
  declare unlinkedByHand: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** Linked locations waiting for their import (docs/decisions.md D58). */
  static dueForImport = scope((query) => {
    query.whereNotNull('business_id').whereNotNull('import_due_at')
  })

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
