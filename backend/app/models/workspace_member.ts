import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Workspace from '#models/workspace'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { businessIdsColumn } from '#lib/business_ids'

export type JoinedVia = 'own' | 'agency'

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

  /** How they came in: the workspace's own people, or brought in by the agency managing it (docs/decisions.md D56). */
  @column()
  declare joinedVia: JoinedVia

  /** When they joined. */
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Whether the workspace has an owner of its own (not one brought in by its agency): the handover is done. */
  static async hasOwnOwner(workspaceId: number) {
    const own = await this.query().where('workspace_id', workspaceId).where('role', 'owner').where('joined_via', 'own').select('id').first()
    return own !== null
  }

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Workspace)
  declare workspace: BelongsTo<typeof Workspace>
}
