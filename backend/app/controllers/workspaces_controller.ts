/*
 * Workspaces, their members, invitations, activity log and an agency's clients (docs/decisions.md D42). Routes
 * name the workspace in their path; the caller must be its member (else 404) and their role allow the action
 * (WorkspacePolicy, else 403).
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Workspace from '#models/workspace'
import type User from '#models/user'
import type WorkspaceInvitation from '#models/workspace_invitation'
import WorkspacePolicy from '#policies/workspace_policy'
import type Member from '#policies/member'
import CreateWorkspace from '#actions/workspaces/create_workspace'
import RenameWorkspace from '#actions/workspaces/rename_workspace'
import DeleteWorkspace from '#actions/workspaces/delete_workspace'
import InviteMember from '#actions/workspaces/invite_member'
import RevokeInvitation from '#actions/workspaces/revoke_invitation'
import AcceptInvitation from '#actions/workspaces/accept_invitation'
import ChangeMember from '#actions/workspaces/change_member'
import RemoveMember from '#actions/workspaces/remove_member'
import LeaveWorkspace from '#actions/workspaces/leave_workspace'
import CreateClientWorkspace from '#actions/workspaces/create_client_workspace'
import EndAgencyManagement from '#actions/workspaces/end_agency_management'
import { membershipsOf } from '#workspaces/tenant'
import { workspacePlans } from '#queries/workspace_plans'
import { agencyClients } from '#queries/agency_clients'
import { memberOf, workspaceMembers } from '#queries/workspace_members'
import { withActorNames } from '#queries/workspace_activity'
import { serializeWorkspace } from '#serializers/workspaces'
import { serializeActivity } from '#serializers/workspace_activity'
import { paginate } from '#lib/list_query'
import { WORKSPACE_ACTIVITY_LIST } from '#queries/list_specs'
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
  async store({ auth, request, response }: HttpContext, createWorkspace: CreateWorkspace) {
    const input = await request.validateUsing(createWorkspaceValidator)
    const user = auth.getUserOrFail()
    const workspace = await createWorkspace.handle(user, input)
    return response.created(await serializeOne(await memberIn(user, workspace.id)))
  }

  /** PATCH /api/workspaces/{id} {name} (owner) */
  @inject()
  async update({ tenant, bouncer, params, request }: HttpContext, renameWorkspace: RenameWorkspace): Promise<WorkspaceDto> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { name } = await request.validateUsing(renameWorkspaceValidator)
    await renameWorkspace.handle(member, name)
    return serializeOne(member)
  }

  /** DELETE /api/workspaces/{id} {password} (owner): its data goes; payments and invoices are kept. */
  @inject()
  async destroy({ tenant, bouncer, params, request, response }: HttpContext, deleteWorkspace: DeleteWorkspace) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('destroy')
    const { password } = await request.validateUsing(deleteWorkspaceValidator)
    await deleteWorkspace.handle(member, password)
    return response.noContent()
  }

  /** GET /api/workspaces/{id}/members (any member) */
  async members({ tenant, bouncer, params }: HttpContext): Promise<WorkspaceMembersResponse> {
    const member = await tenant.in(params.id)
    const policy = bouncer.with(WorkspacePolicy)
    await policy.authorize('view')
    const { members, invitations } = await workspaceMembers(member)
    return {
      members: await Promise.all(
        members.map(async ({ joinedVia, ...row }) => ({
          ...row,
          canChange: await policy.allows('changeMember', { role: row.role, joinedVia }),
        }))
      ),
      invitations: invitations.map(invitationDto),
      can: { deleteWorkspace: await policy.allows('destroy'), endManagement: await policy.allows('endAgency') },
    }
  }

  /** POST /api/workspaces/{id}/invitations {email, role, businessIds?} (owner) → 201 and the mail. */
  @inject()
  async invite({ tenant, bouncer, params, request, response }: HttpContext, inviteMember: InviteMember) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('invite')
    const input = await request.validateUsing(inviteMemberValidator)
    return response.created(invitationDto(await inviteMember.handle(member, input)))
  }

  /** DELETE /api/workspaces/{id}/invitations/{inviteId} (owner) */
  @inject()
  async revokeInvitation({ tenant, bouncer, params, response }: HttpContext, revokeInvitation: RevokeInvitation) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    await revokeInvitation.handle(member, Number(params.inviteId))
    return response.noContent()
  }

  /** POST /api/invitations/accept {token} → {workspace} */
  @inject()
  async accept({ tenant, request }: HttpContext, acceptInvitation: AcceptInvitation): Promise<AcceptInvitationResponse> {
    const { token } = await request.validateUsing(acceptInvitationValidator)
    const workspaceId = await acceptInvitation.handle(tenant.user, token)
    return { workspace: await serializeOne(await memberIn(tenant.user, workspaceId)) }
  }

  /** PATCH /api/workspaces/{id}/members/{userId} {role?, businessIds?} (owner) */
  @inject()
  async updateMember({ tenant, bouncer, params, request }: HttpContext, changeMember: ChangeMember) {
    const member = await tenant.in(params.id)
    const userId = userIdOf(params.userId, member)
    await bouncer.with(WorkspacePolicy).authorize('changeMember', await memberOf(member, userId))
    const input = await request.validateUsing(updateMemberValidator)
    const changed = await changeMember.handle(member, userId, input)
    return { userId: changed.userId, role: changed.role, businessIds: changed.businessIds }
  }

  /** DELETE /api/workspaces/{id}/members/{userId|me} (owner; anyone for `me`, or their own id: leaving) */
  @inject()
  async removeMember({ tenant, bouncer, params, response }: HttpContext, removeMember: RemoveMember, leaveWorkspace: LeaveWorkspace) {
    const member = await tenant.in(params.id)
    const userId = userIdOf(params.userId, member)
    if (userId === member.user.id) {
      await leaveWorkspace.handle(member)
    } else {
      await bouncer.with(WorkspacePolicy).authorize('changeMember', await memberOf(member, userId))
      await removeMember.handle(member, userId)
    }
    return response.noContent()
  }

  /** GET /api/workspaces/{id}/activity (owner; a Refine list) */
  async activity(ctx: HttpContext): Promise<WorkspaceActivityDto[]> {
    const member = await ctx.tenant.in(ctx.params.id)
    await ctx.bouncer.with(WorkspacePolicy).authorize('manage')
    return paginate(ctx, withActorNames(WorkspacePolicy.visibleActivity(member)), WORKSPACE_ACTIVITY_LIST, serializeActivity)
  }

  /** GET /api/workspaces/{agencyId}/clients (any agency member) */
  async clients({ tenant, bouncer, params }: HttpContext): Promise<AgencyClientDto[]> {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('view')
    return agencyClients(member)
  }

  /** POST /api/workspaces/{agencyId}/clients {name} → 201 (agency owner) */
  @inject()
  async createClient({ tenant, bouncer, params, request, response }: HttpContext, createClientWorkspace: CreateClientWorkspace) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('manage')
    const { name } = await request.validateUsing(createClientValidator)
    const client = await createClientWorkspace.handle(member, name)
    return response.created(await serializeOne(await memberIn(member.user, client.id)))
  }

  /** DELETE /api/workspaces/{clientId}/agency: the client's own owner ends the agency's management. */
  @inject()
  async endAgency({ tenant, bouncer, params, response }: HttpContext, endAgencyManagement: EndAgencyManagement) {
    const member = await tenant.in(params.id)
    await bouncer.with(WorkspacePolicy).authorize('endAgency')
    await endAgencyManagement.handle(member)
    return response.noContent()
  }
}
