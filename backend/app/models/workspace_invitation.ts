import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { businessIdsColumn } from '#lib/business_ids'
import type { JoinedVia } from '#models/workspace_member'

/** An invitation by mail: 7 days, single use, only its hash stored (docs/decisions.md D42). */
export default class WorkspaceInvitation extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare workspaceId: number

  @column()
  declare email: string

  @column()
  declare role: WorkspaceRole

  @column(businessIdsColumn)
  declare businessIds: number[] | null

  /** Whoever accepts it comes in as the workspace's own, or through its agency (docs/decisions.md D56). */
  @column()
  declare joinedVia: JoinedVia

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare invitedByUserId: number | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
