import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import WorkspaceMember from '#models/workspace_member'

export type WorkspaceKind = 'personal' | 'team' | 'agency' | 'client'
export const WORKSPACE_KINDS: WorkspaceKind[] = ['personal', 'team', 'agency', 'client']

/** What follows the owner's name in their personal workspace's ("Rakesh's businesses"). */
export const PERSONAL_SUFFIX = "'s businesses"

/**
 * The tenant (docs/decisions.md D42): it owns businesses and everything under them, the plan (trial,
 * subscriptions, payments, invoices, billing profile, WhatsApp Business account) and an activity log. Users act in
 * it as members (workspace_member.ts); an agency's members also act in the client workspaces it manages.
 */
export default class Workspace extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare kind: WorkspaceKind

  /** The agency that manages this client workspace; null once the client ends the management. */
  @column()
  declare managedByWorkspaceId: number | null

  /**
   * Who created it. A `personal` workspace's trial is its creator's (the user's trial columns): the one workspace
   * made at sign-up is the only one that gets a trial; every later one starts on the free plan.
   */
  @column()
  declare createdByUserId: number | null

  @column()
  declare brandName: string | null

  @column()
  declare brandColor: string | null

  @column()
  declare brandLogoHash: string | null

  /** image/png or image/svg+xml */
  @column()
  declare brandLogoType: string | null

  /** Auto-reply rules (docs/decisions.md D48): off by default; the delay in hours (1-72) and the stars (4-5) it answers. */
  @column({ consume: (value) => Boolean(value) })
  declare autoReplyEnabled: boolean

  @column()
  declare autoReplyDelayHours: number

  /** Bitmask of the stars, as reply templates keep theirs (bit n-1 for n stars). */
  @column()
  declare autoReplyStarsMask: number

  /** When auto-reply was last turned on: reviews written before it are never answered by it. */
  @column.dateTime()
  declare autoReplyEnabledAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /**
   * A personal workspace's name says what it holds, "Rakesh's businesses" (docs/decisions.md D57): named after the
   * person alone, an invitation from it read "Rakesh Sharma invited you to Rakesh Sharma". The first name, else the
   * last, else the address before its @. Migration 0047 applies the same rule in SQL.
   */
  static personalName(user: Pick<User, 'firstName' | 'lastName' | 'email'>) {
    const who = user.firstName?.trim() || user.lastName?.trim() || user.email.split('@')[0]
    return `${who.slice(0, 120 - PERSONAL_SUFFIX.length)}${PERSONAL_SUFFIX}`
  }

  /** The id of the user's personal workspace (their trial's, and where an operator's grant goes); null if gone. */
  static async personalIdOf(userId: number, client?: TransactionClientContract): Promise<number | null> {
    const row = await this.query({ client }).where('created_by_user_id', userId).where('kind', 'personal').select('id').first()
    return row?.id ?? null
  }

  /** The workspaces whose only owner is the user: they go when the account goes. */
  static async soleOwnedBy(userId: number, client?: TransactionClientContract): Promise<number[]> {
    const rows = await this.query({ client })
      .whereIn('id', (owned) => owned.from('workspace_members').where('user_id', userId).where('role', 'owner').select('workspace_id'))
      .whereNotExists((others) =>
        others
          .from('workspace_members')
          .whereColumn('workspace_members.workspace_id', 'workspaces.id')
          .where('role', 'owner')
          .whereNot('user_id', userId)
      )
      .select('id')
    return rows.map((row) => row.id)
  }

  /** The workspace every account starts with (at sign-up), the user its owner. */
  static async createPersonal(user: User, client?: TransactionClientContract) {
    const options = { client: client ?? user.$trx }
    const workspace = await this.create({ name: this.personalName(user), kind: 'personal', createdByUserId: user.id }, options)
    await WorkspaceMember.create({ workspaceId: workspace.id, userId: user.id, role: 'owner', businessIds: null }, options)
    return workspace
  }
}
