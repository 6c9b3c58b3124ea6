/*
 * A workspace's members (docs/decisions.md D42): invitations by mail (7 days, single use, only a hash stored),
 * accepting one with the invited, verified address, changing a role or scope, removing and leaving. A workspace
 * always keeps an owner (409). Every change is one line of the activity log.
 */
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Workspace from '#models/workspace'
import WorkspaceMember from '#models/workspace_member'
import WorkspaceInvitation from '#models/workspace_invitation'
import WorkspaceActivity from '#models/workspace_activity'
import WorkspaceInvitationMail from '#mails/workspace_invitation_mail'
import type Member from '#policies/member'
import { BadRequestError, ConflictError, FieldError, NotFoundError } from '#exceptions/app_errors'
import { AppException } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import type { WorkspaceRole } from '#contract/workspace_roles'

export const INVITATION_DAYS = 7
export const INVITATION_INVALID = 'This invitation link is not valid any more. Ask the person who invited you for a new one.'
export const INVITATION_OTHER_ADDRESS =
  'This invitation is for another email address. Sign in with the address it was sent to, or ask for one to this address.'
export const INVITATION_UNVERIFIED = 'Confirm your email address first (see the mail we sent you), then accept the invitation.'
export const LAST_OWNER = 'A workspace needs at least one owner. Make someone else an owner first.'
export const MEMBER_NOT_FOUND = 'Member not found'

/** 403 with a sentence: an invitation for another (or an unconfirmed) address. */
export class InvitationForbiddenError extends AppException {
  static status = 403
  static code = 'E_FORBIDDEN'
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** An owner or a manager/viewer limited to businesses that are all the workspace's (else a field error). */
async function scopeFor(
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
async function existingIds(trx: TransactionClientContract, workspaceId: number, ids: number[]) {
  const rows = await trx.from('businesses').where('workspace_id', workspaceId).whereIn('id', ids).select('id')
  return rows.map((row) => Number(row.id))
}

const nameOf = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email

export default class ManageMembers {
  /** POST /api/workspaces/{id}/invitations: replaces a pending invitation to the same address. */
  async invite(by: Member, input: { email: string; role: WorkspaceRole; businessIds?: number[] | null }) {
    const { workspace } = by
    const existing = await db
      .from('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', workspace.id)
      .where('u.email', input.email)
      .first()
    if (existing) throw new ConflictError(`${input.email} is already a member of this workspace.`)
    const businessIds = await scopeFor(workspace, input.role, input.businessIds)
    const token = randomBytes(32).toString('base64url')
    const invitation = await db.transaction(async (trx) => {
      await trx
        .from('workspace_invitations')
        .where('workspace_id', workspace.id)
        .where('email', input.email)
        .whereNull('accepted_at')
        .delete()
      const created = await WorkspaceInvitation.create(
        {
          workspaceId: workspace.id,
          email: input.email,
          role: input.role,
          businessIds,
          tokenHash: hashOf(token),
          invitedByUserId: by.user.id,
          expiresAt: clock.now().plus({ days: INVITATION_DAYS }),
        },
        { client: trx }
      )
      await WorkspaceActivity.record(workspace.id, by.user, 'member.invited', { email: input.email, role: input.role }, trx)
      return created
    })
    await mail.use().sendLater(new WorkspaceInvitationMail(invitation, workspace.name, nameOf(by.user), token))
    return invitation
  }

  async revoke(by: Member, invitationId: number) {
    const invitation = await WorkspaceInvitation.query()
      .where('id', invitationId)
      .where('workspace_id', by.workspaceId)
      .whereNull('accepted_at')
      .first()
    if (!invitation) throw new NotFoundError('Invitation not found')
    await db.transaction(async (trx) => {
      await invitation.useTransaction(trx).delete()
      await WorkspaceActivity.record(by.workspaceId, by.user, 'invitation.revoked', { email: invitation.email }, trx)
    })
  }

  /** POST /api/invitations/accept: the signed-in user joins with the invitation's role and scope. */
  async accept(user: User, token: string) {
    return db.transaction(async (trx) => {
      const invitation = await WorkspaceInvitation.query({ client: trx }).where('token_hash', hashOf(token)).forUpdate().first()
      if (!invitation || invitation.acceptedAt || invitation.expiresAt <= clock.now()) throw new BadRequestError(INVITATION_INVALID)
      if (invitation.email !== user.email.toLowerCase()) throw new InvitationForbiddenError(INVITATION_OTHER_ADDRESS)
      if (!user.emailVerifiedAt) throw new InvitationForbiddenError(INVITATION_UNVERIFIED)
      invitation.acceptedAt = clock.now()
      await invitation.useTransaction(trx).save()
      const already = await WorkspaceMember.query({ client: trx })
        .where('workspace_id', invitation.workspaceId)
        .where('user_id', user.id)
        .first()
      if (!already) {
        // The scope as it is now: a business deleted since the invitation is left out.
        const businessIds = invitation.businessIds === null ? null : await existingIds(trx, invitation.workspaceId, invitation.businessIds)
        await WorkspaceMember.create(
          { workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role, businessIds },
          { client: trx }
        )
        await WorkspaceActivity.record(invitation.workspaceId, user, 'member.joined', { role: invitation.role }, trx)
      }
      return invitation.workspaceId
    })
  }

  /** PATCH /api/workspaces/{id}/members/{userId} */
  async update(by: Member, userId: number, input: { role?: WorkspaceRole; businessIds?: number[] | null }) {
    return db.transaction(async (trx) => {
      const member = await this.memberOrFail(by.workspaceId, userId, trx)
      const role = input.role ?? member.role
      if (member.role === 'owner' && role !== 'owner') await this.assertAnotherOwner(by.workspaceId, userId, trx)
      const businessIds =
        input.businessIds === undefined && role !== 'owner'
          ? member.businessIds
          : await scopeFor(by.workspace, role, input.businessIds, trx)
      const before = { role: member.role, businessIds: member.businessIds }
      member.merge({ role, businessIds })
      await member.useTransaction(trx).save()
      await WorkspaceActivity.record(by.workspaceId, by.user, 'member.changed', { userId, before, after: { role, businessIds } }, trx)
      return member
    })
  }

  /** DELETE /api/workspaces/{id}/members/{userId}; the member's next request no longer finds the workspace. */
  async remove(by: Member, userId: number) {
    await db.transaction(async (trx) => {
      const member = await this.memberOrFail(by.workspaceId, userId, trx)
      if (member.role === 'owner') await this.assertAnotherOwner(by.workspaceId, userId, trx)
      await member.useTransaction(trx).delete()
      const left = userId === by.user.id
      await WorkspaceActivity.record(by.workspaceId, by.user, left ? 'member.left' : 'member.removed', { userId }, trx)
    })
  }

  private async memberOrFail(workspaceId: number, userId: number, trx: TransactionClientContract) {
    const member = await WorkspaceMember.query({ client: trx })
      .where('workspace_id', workspaceId)
      .where('user_id', userId)
      .forUpdate()
      .first()
    if (!member) throw new NotFoundError(MEMBER_NOT_FOUND)
    return member
  }

  /** Locks the workspace's owners, so two owners removing each other at once cannot leave none. */
  private async assertAnotherOwner(workspaceId: number, userId: number, trx: TransactionClientContract) {
    const owners = await trx
      .from('workspace_members')
      .where('workspace_id', workspaceId)
      .where('role', 'owner')
      .forUpdate()
      .select('user_id')
    if (!owners.some((row) => Number(row.user_id) !== userId)) throw new ConflictError(LAST_OWNER)
  }
}
