import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'

/** One line of a workspace's activity log: who did what, when (docs/decisions.md D42). */
export default class WorkspaceActivity extends BaseModel {
  static table = 'workspace_activity'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  @column()
  declare userId: number | null

  @column()
  declare actorEmail: string | null

  @column()
  declare action: string

  @column({ prepare: (value) => JSON.stringify(value), consume: (value) => (typeof value === 'string' ? JSON.parse(value) : value) })
  declare details: Record<string, unknown>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** Writes one line, in `client`'s transaction when given. */
  static record(
    workspaceId: number,
    actor: Pick<User, 'id' | 'email'> | null,
    action: string,
    details: Record<string, unknown> = {},
    client?: TransactionClientContract
  ) {
    return this.create({ workspaceId, userId: actor?.id ?? null, actorEmail: actor?.email ?? null, action, details }, { client })
  }
}
