/*
 * Which workspace a request acts in (docs/decisions.md D42): the one `X-Workspace-Id` names, else the user's
 * default (the first they joined). The user's memberships are read once per request, from the database, so a
 * removed member's very next request no longer finds the workspace; a workspace the user is not a member of is the
 * same 404 as one that does not exist. An agency's members (other than those limited to some of its businesses)
 * also act in each client workspace it manages, with their agency role.
 */
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Workspace from '#models/workspace'
import Member from '#policies/member'
import { AppException, NotFoundError } from '#exceptions/app_errors'
import { businessIdsColumn } from '#lib/business_ids'
import type { WorkspaceRole } from '#contract/workspace_roles'
import type { JoinedVia } from '#models/workspace_member'

export const WORKSPACE_HEADER = 'x-workspace-id'
export const WORKSPACE_NOT_FOUND = 'Workspace not found'
export const WORKSPACE_ACCESS_ENDED = 'E_WORKSPACE_ACCESS_ENDED'

const ROLE_RANK: Record<WorkspaceRole, number> = { owner: 3, manager: 2, viewer: 1 }

type MembershipRow = Record<string, unknown> & {
  member_role: WorkspaceRole
  member_business_ids: unknown
  joined_at: Date
  member_joined_via: JoinedVia
}

/** Every workspace the user acts in, the ones they joined first (oldest first), then their agencies' clients. */
export async function membershipsOf(user: User): Promise<Member[]> {
  const rows: MembershipRow[] = await db
    .from('workspace_members as m')
    .join('workspaces as w', 'w.id', 'm.workspace_id')
    .where('m.user_id', user.id)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .select(
      'w.*',
      'm.role as member_role',
      'm.business_ids as member_business_ids',
      'm.created_at as joined_at',
      'm.joined_via as member_joined_via'
    )
  const direct = rows.map((row) => {
    const { member_role: role, member_business_ids: businessIds, joined_at: joinedAt, member_joined_via: joinedVia, ...workspace } = row
    return new Member(
      user,
      Workspace.$createFromAdapterResult(workspace)!,
      role,
      businessIdsColumn.consume(businessIds),
      'member',
      joinedAt,
      joinedVia
    )
  })

  const agencies = direct.filter((member) => member.workspace.kind === 'agency' && member.businessIds === null)
  if (agencies.length === 0) return direct
  const clients = await Workspace.query()
    .whereIn(
      'managed_by_workspace_id',
      agencies.map((member) => member.workspaceId)
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
  const byId = new Map(direct.map((member) => [member.workspaceId, member]))
  for (const client of clients) {
    const agency = agencies.find((member) => member.workspaceId === client.managedByWorkspaceId)!
    const own = byId.get(client.id)
    // Someone who is both the client's member and the agency's acts with the stronger of the two roles.
    if (own && ROLE_RANK[own.role] >= ROLE_RANK[agency.role]) continue
    byId.set(client.id, new Member(user, client, agency.role, null, 'agency', agency.joinedAt))
  }
  return [...byId.values()]
}

/**
 * 404 for someone who was removed from this workspace, or whose agency no longer manages it (docs/decisions.md
 * D56): the same status and sentence as for any workspace that is not theirs, plus `code` and the workspace's id and
 * name, so the dashboard can say "You no longer have access to …". Nobody else learns a name.
 */
export class WorkspaceAccessEndedError extends AppException {
  static status = 404
  static code = WORKSPACE_ACCESS_ENDED
  constructor(workspace: { id: number; name: string }) {
    super(WORKSPACE_NOT_FOUND, { code: WORKSPACE_ACCESS_ENDED, workspace })
  }
}

/** The 404 for a workspace the user is not in: whether it once was theirs decides which. */
async function notTheirs(user: User, workspaceId: number | null, memberships: Member[]) {
  if (workspaceId === null) return new NotFoundError(WORKSPACE_NOT_FOUND)
  const workspace = await db.from('workspaces').where('id', workspaceId).select('id', 'name').first()
  if (!workspace) return new NotFoundError(WORKSPACE_NOT_FOUND)
  const agencyIds = memberships.filter((member) => member.via === 'member' && member.workspace.kind === 'agency').map((m) => m.workspaceId)
  const ended = await db
    .from('workspace_activity')
    .where('workspace_id', workspaceId)
    .where((query) => {
      query.where((removed) => removed.where('action', 'member.removed').whereRaw("JSON_VALUE(details, '$.userId') = ?", [user.id]))
      if (agencyIds.length > 0) {
        query.orWhere((agency) =>
          agency
            .where('action', 'agency.ended')
            .whereRaw(`JSON_VALUE(details, '$.agencyId') IN (${agencyIds.map(() => '?').join(', ')})`, agencyIds)
        )
      }
    })
    .select('id')
    .first()
  return ended ? new WorkspaceAccessEndedError({ id: Number(workspace.id), name: workspace.name }) : new NotFoundError(WORKSPACE_NOT_FOUND)
}

const rowIdOf = (value: unknown) => {
  const id = requestedWorkspaceId(typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined)
  return typeof id === 'number' ? id : null
}

/** Parses the header; anything but a plain row id names no workspace (a 404, never a 500). */
export function requestedWorkspaceId(header: string | undefined): number | null | 'invalid' {
  if (header === undefined || header === '') return null
  return /^[0-9]{1,16}$/.test(header) ? Number(header) : 'invalid'
}

/** The request's view of the user's workspaces. */
export class Tenant {
  #memberships: Promise<Member[]> | undefined
  #current: Member | undefined

  constructor(
    readonly user: User,
    private readonly header: string | undefined
  ) {}

  memberships() {
    this.#memberships ??= membershipsOf(this.user)
    return this.#memberships
  }

  /** The member acting in the requested (or default) workspace; 404 when it is not one of theirs. */
  async resolve(): Promise<Member> {
    if (this.#current) return this.#current
    const memberships = await this.memberships()
    const requested = requestedWorkspaceId(this.header)
    const member =
      requested === null
        ? (memberships.find((candidate) => candidate.via === 'member') ?? memberships[0])
        : memberships.find((candidate) => candidate.workspaceId === requested)
    if (!member) throw await notTheirs(this.user, requested === 'invalid' ? null : requested, memberships)
    this.#current = member
    return member
  }

  /** The member, once `resolve()` or `in()` has run (the auth middleware resolves it for the owner routes). */
  get member(): Member {
    if (!this.#current) throw new Error('The workspace is resolved by the auth middleware before a controller runs')
    return this.#current
  }

  /** The member if resolved, for the request's Bouncer. */
  get current(): Member | null {
    return this.#current ?? null
  }

  /**
   * Acts in the workspace a path names (`/api/workspaces/:id/…`), whatever the header says; 404 when the user is not
   * its member.
   */
  async in(workspaceId: number): Promise<Member> {
    const memberships = await this.memberships()
    const member = memberships.find((candidate) => candidate.workspaceId === workspaceId)
    if (!member) throw await notTheirs(this.user, rowIdOf(workspaceId), memberships)
    this.#current = member
    return member
  }
}
