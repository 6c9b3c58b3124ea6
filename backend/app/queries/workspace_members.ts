/*
 * A workspace's people (docs/decisions.md D42): its members with their name and address, oldest first, and its
 * pending invitations. Every member reads the list; `member` is the workspace's member the request acts as.
 */
import db from '@adonisjs/lucid/services/db'
import WorkspaceMember, { type JoinedVia } from '#models/workspace_member'
import WorkspaceInvitation from '#models/workspace_invitation'
import type { WorkspaceMemberDto } from '#types/api'

interface InWorkspace {
  workspaceId: number
}

/** The membership of `userId` in the member's workspace, for its policy (null: none, the action's 404). */
export function memberOf(member: InWorkspace, userId: number) {
  return Number.isSafeInteger(userId)
    ? WorkspaceMember.query().where('workspace_id', member.workspaceId).where('user_id', userId).first()
    : null
}

/** The members of the member's workspace, the oldest first, and the invitations nobody has accepted yet. */
export async function workspaceMembers(
  member: InWorkspace
): Promise<{ members: (Omit<WorkspaceMemberDto, 'canChange'> & { joinedVia: JoinedVia })[]; invitations: WorkspaceInvitation[] }> {
  const [rows, invitations] = await Promise.all([
    db
      .from('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', member.workspaceId)
      .orderBy('m.created_at', 'asc')
      .orderBy('m.id', 'asc')
      .select('m.user_id', 'm.role', 'm.business_ids', 'm.joined_via', 'm.created_at', 'u.email', 'u.first_name', 'u.last_name'),
    WorkspaceInvitation.query().where('workspace_id', member.workspaceId).whereNull('accepted_at').orderBy('created_at', 'asc'),
  ])
  return {
    members: rows.map((row) => ({
      userId: Number(row.user_id),
      email: row.email,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email,
      role: row.role,
      businessIds:
        row.business_ids === null ? null : typeof row.business_ids === 'string' ? JSON.parse(row.business_ids) : row.business_ids,
      joinedAt: new Date(row.created_at).toISOString(),
      joinedVia: row.joined_via,
    })),
    invitations,
  }
}
