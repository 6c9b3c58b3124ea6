import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type IntegrationOutcome = 'scheduled' | 'skipped' | 'rejected'

/** One webhook an integration received, and what came of it (docs/decisions.md D72); the last 200 are kept. */
export default class IntegrationEvent extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare integrationId: number

  @column.dateTime()
  declare receivedAt: DateTime

  @column()
  declare reference: string | null

  @column()
  declare dedupeKey: string | null

  @column()
  declare customerMasked: string | null

  @column()
  declare outcome: IntegrationOutcome

  @column()
  declare reason: string | null

  @column()
  declare reviewRequestId: number | null

  @column.dateTime()
  declare sendAt: DateTime | null

  @column({ consume: (value) => Boolean(value) })
  declare test: boolean
}
