import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Workspace from '#models/workspace'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { businessIdsColumn } from '#lib/business_ids'

/** A user's membership of a workspace: a role, optionally limited to some of its businesses. */
export default class WorkspaceMember extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  @column()
  declare userId: number

  @column()
  declare role: WorkspaceRole

  /** null: all the workspace's businesses. */
  @column(businessIdsColumn)
  declare businessIds: number[] | null

  /** When they joined. */
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Workspace)
  declare workspace: BelongsTo<typeof Workspace>
}
