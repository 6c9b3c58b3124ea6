import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { businessIdsColumn } from '#lib/business_ids'

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
