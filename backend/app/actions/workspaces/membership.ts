/*
 * What the workspace actions share about members (docs/decisions.md D42): the invitation token's hash, a member's
 * business scope, their name for the activity log, how an invitee comes in, and the rule that a workspace always
 * keeps an owner (409). Each use case is its own action in this folder.
 */
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Workspace from '#models/workspace'
import WorkspaceMember, { type JoinedVia } from '#models/workspace_member'
import WorkspaceActivity from '#models/workspace_activity'
import type Member from '#policies/member'
import { ConflictError, FieldError, NotFoundError } from '#exceptions/app_errors'
import type { WorkspaceRole } from '#contract/workspace_roles'

export const INVITATION_DAYS = 7
export const INVITATION_INVALID = 'This invitation link is not valid any more. Ask the person who invited you for a new one.'
export const INVITATION_OTHER_ADDRESS =
  'This invitation is for another email address. Sign in with the address it was sent to, or ask for one to this address.'
export const INVITATION_UNVERIFIED = 'Confirm your email address first (see the mail we sent you), then accept the invitation.'
export const LAST_OWNER = 'A workspace needs at least one owner. Make someone else an owner first.'
export const MEMBER_NOT_FOUND = 'Member not found'

/** Only this hash of an invitation's token is stored; the token is the mail's. */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** An owner or a manager/viewer limited to businesses that are all the workspace's (else a field error). */
export async function scopeFor(
  workspace: Workspace,
  role: WorkspaceRole,
  businessIds: number[] | null | undefined,
  client?: TransactionClientContract
) {
  if (role === 'owner' || !businessIds) return null
  if (businessIds.length === 0) return []
  const found = await (client ?? db)
    .from('businesses')
    .where('workspace_id', workspace.id)
    .whereIn('id', businessIds)
    .count('* as n')
    .first()
  if (Number(found?.n ?? 0) !== businessIds.length) throw new FieldError('businessIds', 'Choose businesses of this workspace.')
  return businessIds
}

/** Those of `ids` that are still businesses of the workspace. */
export async function existingIds(trx: TransactionClientContract, workspaceId: number, ids: number[]) {
  const rows = await trx.from('businesses').where('workspace_id', workspaceId).whereIn('id', ids).select('id')
  return rows.map((row) => Number(row.id))
}

export const nameOf = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email

/** A member's name and address, kept in the activity log after their account goes. */
export async function whoIs(client: TransactionClientContract, userId: number) {
  const user = await client.from('users').where('id', userId).select('first_name', 'last_name', 'email').first()
  if (!user) return {}
  return { name: nameOf({ firstName: user.first_name, lastName: user.last_name, email: user.email }), email: user.email as string }
}

/**
 * How someone `by` invites comes in (docs/decisions.md D56): as the workspace's own when `by` is; through the agency
 * when `by` acts for it, except the client's first owner, whom the agency invites to hand the workspace over (while
 * the client has no owner of its own).
 */
export async function joinedViaOf(by: Member, role: WorkspaceRole): Promise<JoinedVia> {
  if (!by.forAgency) return 'own'
  if (role !== 'owner' || by.workspace.managedByWorkspaceId === null) return 'agency'
  return (await WorkspaceMember.hasOwnOwner(by.workspaceId)) ? 'agency' : 'own'
}

/** The member `userId` of the workspace, locked for the change (else the member's 404). */
export async function memberOrFail(workspaceId: number, userId: number, trx: TransactionClientContract) {
  const member = await WorkspaceMember.query({ client: trx })
    .where('workspace_id', workspaceId)
    .where('user_id', userId)
    .forUpdate()
    .first()
  if (!member) throw new NotFoundError(MEMBER_NOT_FOUND)
  return member
}

/**
 * Locks the workspace's owners, so two owners removing each other at once cannot leave none. One of the
 * workspace's own owners needs another of its own: an owner the agency brought in does not count for them
 * (docs/decisions.md D56).
 */
export async function assertAnotherOwner(workspaceId: number, member: WorkspaceMember, trx: TransactionClientContract) {
  const owners = await trx
    .from('workspace_members')
    .where('workspace_id', workspaceId)
    .where('role', 'owner')
    .forUpdate()
    .select('user_id', 'joined_via')
  const counted = owners.filter((row) => member.joinedVia !== 'own' || row.joined_via === 'own')
  if (!counted.some((row) => Number(row.user_id) !== member.userId)) throw new ConflictError(LAST_OWNER)
}

/**
 * Ends `userId`'s membership, noted as `event` (removed by an owner, or left): the workspace keeps an owner, and the
 * member's next request no longer finds the workspace.
 */
export async function endMembership(by: Member, userId: number, event: 'member.removed' | 'member.left') {
  await db.transaction(async (trx) => {
    const member = await memberOrFail(by.workspaceId, userId, trx)
    if (member.role === 'owner') await assertAnotherOwner(by.workspaceId, member, trx)
    await member.useTransaction(trx).delete()
    const who = await whoIs(trx, userId)
    await WorkspaceActivity.record(by.workspaceId, by.user, event, { userId, ...who, role: member.role }, trx)
  })
}
