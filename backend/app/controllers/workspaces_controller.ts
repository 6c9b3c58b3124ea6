/*
 * Workspaces, their members, invitations, activity log and an agency's clients (docs/decisions.md D42). Routes
 * name the workspace in their path; the caller must be its member (else 404) and their role allow the action
 * (WorkspacePolicy, else 403).
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import type User from '#models/user'
import WorkspaceActivity from '#models/workspace_activity'
import WorkspaceInvitation from '#models/workspace_invitation'
import WorkspacePolicy from '#policies/workspace_policy'
import type Member from '#policies/member'
import ManageMembers from '#actions/workspaces/manage_members'
import ManageWorkspaces from '#actions/workspaces/manage_workspaces'
import { membershipsOf } from '#workspaces/tenant'
import { workspacePlans } from '#queries/workspace_plans'
import { agencyClients } from '#queries/agency_clients'
import { serializeWorkspace } from '#serializers/workspaces'
import { serializeActivity } from '#serializers/workspace_activity'
import { paginate } from '#lib/list_query'
import { WORKSPACE_ACTIVITY_LIST } from '#queries/list_specs'
import { AppException } from '#exceptions/app_errors'
import {
  acceptInvitationValidator,
  createClientValidator,
  createWorkspaceValidator,
  deleteWorkspaceValidator,
  inviteMemberValidator,
  renameWorkspaceValidator,
  updateMemberValidator,
} from '#validators/workspaces'
import type {
  AcceptInvitationResponse,
  AgencyClientDto,
  WorkspaceActivityDto,
  WorkspaceDto,
  WorkspaceInvitationDto,
  WorkspaceMembersResponse,
} from '#types/api'

/** 403 with a sentence, for a rule about who may do something that is not a role (an agency member ending it). */
class ForbiddenError extends AppException {
  static status = 403
  static code = 'E_FORBIDDEN'
}

/** The workspaces as the members see them: plan state and managing agencies read once for all. */
async function serializeAll(members: Member[]): Promise<WorkspaceDto[]> {
  const plans = await workspacePlans(members.map((member) => member.workspace))
  const agencyIds = [...new Set(members.flatMap((member) => member.workspace.managedByWorkspaceId ?? []))]
  const agencies = new Map((agencyIds.length ? await Workspace.query().whereIn('id', agencyIds) : []).map((agency) => [agency.id, agency]))
  return members.map((member) =>
    serializeWorkspace(member, plans.get(member.workspaceId), agencies.get(member.workspace.managedByWorkspaceId ?? 0) ?? null)
  )
}

async function serializeOne(member: Member) {
  const [workspace] = await serializeAll([member])
  return workspace
}

/** How the user acts in a workspace they have just created or joined. */
async function memberIn(user: User, workspaceId: number) {
  const memberships = await membershipsOf(user)
  return memberships.find((candidate) => candidate.workspaceId === workspaceId)!
}

const invitationDto = (invitation: WorkspaceInvitation): WorkspaceInvitationDto => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  businessIds: invitation.businessIds,
  expiresAt: invitation.expiresAt.toISO()!,
})

/** `me` names the caller (leaving); anything else must be a row id. */
const userIdOf = (param: unknown, member: Member) => (param === 'me' ? member.user.id : Number(param))

export default class WorkspacesController {
  /** GET /api/workspaces */
  async index({ tenant }: HttpContext): Promise<WorkspaceDto[]> {
    return serializeAll(await tenant.memberships())
  }

  /** POST /api/workspaces {name, kind?} → 201, the caller its owner (on the free plan until bought). */
  @inject()
  async store({ auth, request, response }: HttpContext, manage: ManageWorkspaces) {
    const input = await request.validateUsing(createWorkspaceValidator)
    const user = auth.getUserOrFail()
    const workspace = await manage.create(user, input)
    return response.created(await serializeOne(await memberIn(user, workspace.id)))
  }

  /** PATCH /api/workspaces/{id} {name} (owner) */
  @inject()
  async update({ tenant, bouncer, params, request }: HttpContext, manage: ManageWorkspaces): Promise<WorkspaceDto> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { name } = await request.validateUsing(renameWorkspaceValidator)
    await manage.rename(member, name)
    return serializeOne(member)
  }

  /** DELETE /api/workspaces/{id} {password} (owner): its data goes; payments and invoices are kept. */
  @inject()
  async destroy({ tenant, bouncer, params, request, response }: HttpContext, manage: ManageWorkspaces) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { password } = await request.validateUsing(deleteWorkspaceValidator)
    await manage.destroy(member, password)
    return response.noContent()
  }

  /** GET /api/workspaces/{id}/members (any member) */
  async members({ tenant, bouncer, params }: HttpContext): Promise<WorkspaceMembersResponse> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('view')
    const rows = await db
      .from('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', member.workspaceId)
      .orderBy('m.created_at', 'asc')
      .orderBy('m.id', 'asc')
      .select('m.user_id', 'm.role', 'm.business_ids', 'm.created_at', 'u.email', 'u.first_name', 'u.last_name')
    const invitations = await WorkspaceInvitation.query()
      .where('workspace_id', member.workspaceId)
      .whereNull('accepted_at')
      .orderBy('created_at', 'asc')
    return {
      members: rows.map((row) => ({
        userId: Number(row.user_id),
        email: row.email,
        name: [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.email,
        role: row.role,
        businessIds:
          row.business_ids === null ? null : typeof row.business_ids === 'string' ? JSON.parse(row.business_ids) : row.business_ids,
        joinedAt: new Date(row.created_at).toISOString(),
      })),
      invitations: invitations.map(invitationDto),
    }
  }

  /** POST /api/workspaces/{id}/invitations {email, role, businessIds?} (owner) → 201 and the mail. */
  @inject()
  async invite({ tenant, bouncer, params, request, response }: HttpContext, manage: ManageMembers) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const input = await request.validateUsing(inviteMemberValidator)
    return response.created(invitationDto(await manage.invite(member, input)))
  }

  /** DELETE /api/workspaces/{id}/invitations/{inviteId} (owner) */
  @inject()
  async revokeInvitation({ tenant, bouncer, params, response }: HttpContext, manage: ManageMembers) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    await manage.revoke(member, Number(params.inviteId))
    return response.noContent()
  }

  /** POST /api/invitations/accept {token} → {workspace} */
  @inject()
  async accept({ tenant, request }: HttpContext, manage: ManageMembers): Promise<AcceptInvitationResponse> {
    const { token } = await request.validateUsing(acceptInvitationValidator)
    const workspaceId = await manage.accept(tenant.user, token)
    return { workspace: await serializeOne(await memberIn(tenant.user, workspaceId)) }
  }

  /** PATCH /api/workspaces/{id}/members/{userId} {role?, businessIds?} (owner) */
  @inject()
  async updateMember({ tenant, bouncer, params, request }: HttpContext, manage: ManageMembers) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const input = await request.validateUsing(updateMemberValidator)
    const changed = await manage.update(member, userIdOf(params.userId, member), input)
    return { userId: changed.userId, role: changed.role, businessIds: changed.businessIds }
  }

  /** DELETE /api/workspaces/{id}/members/{userId|me} (owner; anyone for `me`) */
  @inject()
  async removeMember({ tenant, bouncer, params, response }: HttpContext, manage: ManageMembers) {
    const member = await tenant.in(params.id)
    const userId = userIdOf(params.userId, member)
    if (userId !== member.user.id) await bouncer.with(WorkspacePolicy).authorize('manage')
    else if (member.via === 'agency') throw new ForbiddenError("You act here as the agency's member: leave the agency instead.")
    await manage.remove(member, userId)
    return response.noContent()
  }

  /** GET /api/workspaces/{id}/activity (owner; a Refine list) */
  async activity(ctx: HttpContext): Promise<WorkspaceActivityDto[]> {
    const member = await ctx.tenant.in(ctx.params.id)
    await ctx.bouncer.with(WorkspacePolicy).authorize('manage')
    const query = WorkspaceActivity.query()
      .where('workspace_id', member.workspaceId)
      .select('workspace_activity.*')
      .select(
        db
          .from('users')
          .whereColumn('users.id', 'workspace_activity.user_id')
          .select(db.raw("TRIM(CONCAT_WS(' ', first_name, last_name))"))
          .as('actor_name')
      )
    return paginate(ctx, query, WORKSPACE_ACTIVITY_LIST, serializeActivity)
  }

  /** GET /api/workspaces/{agencyId}/clients (any agency member) */
  async clients({ tenant, bouncer, params }: HttpContext): Promise<AgencyClientDto[]> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('view')
    return agencyClients(member.workspace)
  }

  /** POST /api/workspaces/{agencyId}/clients {name} → 201 (agency owner) */
  @inject()
  async createClient({ tenant, bouncer, params, request, response }: HttpContext, manage: ManageWorkspaces) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { name } = await request.validateUsing(createClientValidator)
    const client = await manage.createClient(member, name)
    return response.created(await serializeOne(await memberIn(member.user, client.id)))
  }

  /** DELETE /api/workspaces/{clientId}/agency: the client's own owner ends the agency's management. */
  @inject()
  async endAgency({ tenant, bouncer, params, response }: HttpContext, manage: ManageWorkspaces) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    if (member.via === 'agency') throw new ForbiddenError("Only the client's own owners can end the agency's management.")
    await manage.endAgency(member)
    return response.noContent()
  }
}
