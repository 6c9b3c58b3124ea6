/*
 * Workspaces (docs/decisions.md D42): a person's, a team's, an agency's and its clients'; members, invitations,
 * activity, and an agency's brand.
 */

export type WorkspaceKindName = 'personal' | 'team' | 'agency' | 'client'

export type WorkspaceRoleName = 'owner' | 'manager' | 'viewer'

/** A workspace's brand: for a client workspace its managing agency's, for an agency its own. */
export interface WorkspaceBrandDto {
  name: string
  /** `#rrggbb` */
  color: string
  logoUrl: string | null
}

/** GET /api/workspaces (the ones the user joined first, oldest first: the first is the default), POST → 201. */
export interface WorkspaceDto {
  id: number
  name: string
  kind: WorkspaceKindName
  role: WorkspaceRoleName
  /** The businesses the member is limited to; null = all. */
  businessIds: number[] | null
  /** A client workspace's agency. */
  managedBy: { id: number; name: string } | null
  /** On the free plan. */
  isLimited: boolean
  brand: WorkspaceBrandDto | null
}

/** POST /api/workspaces */
export interface CreateWorkspaceRequest {
  name: string
  kind?: 'team' | 'agency'
}

/** PATCH /api/workspaces/{id} (owner) */
export interface UpdateWorkspaceRequest {
  name: string
}

/** DELETE /api/workspaces/{id} (owner) */
export interface DeleteWorkspaceRequest {
  password: string
}

export interface WorkspaceMemberDto {
  userId: number
  email: string
  name: string
  role: WorkspaceRoleName
  businessIds: number[] | null
  joinedAt: string
  /** Whether the caller may change this member's access or remove them (WorkspacePolicy.changeMember, D56). */
  canChange: boolean
}

export interface WorkspaceInvitationDto {
  id: number
  email: string
  role: WorkspaceRoleName
  businessIds: number[] | null
  expiresAt: string
}

/** GET /api/workspaces/{id}/members (any member) */
export interface WorkspaceMembersResponse {
  members: WorkspaceMemberDto[]
  invitations: WorkspaceInvitationDto[]
  /**
   * What the caller may do to the workspace itself, as WorkspacePolicy decides (D56): delete it (a client with
   * owners of its own: only they), end its agency's management (the client's own owners).
   */
  can: { deleteWorkspace: boolean; endManagement: boolean }
}

/** POST /api/workspaces/{id}/invitations (owner) → 201 WorkspaceInvitationDto; mails `{APP_URL}/invite?token=…`. */
export interface CreateInvitationRequest {
  email: string
  role: WorkspaceRoleName
  businessIds?: number[] | null
}

/** POST /api/invitations/accept: 400 bad, used or expired token; 403 another account's (or unverified) address. */
export interface AcceptInvitationRequest {
  token: string
}

export interface AcceptInvitationResponse {
  workspace: WorkspaceDto
}

/**
 * POST /api/invitations/check {token} (no account needed): what the invitation page shows before it is accepted
 * (docs/decisions.md D57). Reading it does not use it; a bad, used or expired token → 400, as accepting would.
 */
export type InvitationCheckRequest = AcceptInvitationRequest

export interface InvitationCheckResponse {
  /** The invited address: the sign-up and sign-in forms start with it. */
  email: string
  role: WorkspaceRoleName
  workspace: { name: string; kind: WorkspaceKindName }
  /** Who sent it; null once their account is gone. */
  inviterName: string | null
  expiresAt: string
}

/** PATCH /api/workspaces/{id}/members/{userId} (owner); 409 when it would leave no owner. */
export interface UpdateMemberRequest {
  role?: WorkspaceRoleName
  businessIds?: number[] | null
}

/** GET /api/workspaces/{id}/activity (owner; `_start`, `_end`, `x-total-count`). */
export interface WorkspaceActivityDto {
  id: number
  action: string
  /** null: the system (a job, a webhook); userId and email null once that account is gone. */
  actor: { userId: number | null; name: string; email: string | null } | null
  summary: string
  createdAt: string
}

/** GET /api/workspaces/{agencyId}/clients */
export interface AgencyClientDto {
  id: number
  name: string
  businesses: number
  ratingsThisMonth: number
  averageThisMonth: number | null
  unansweredGoogleReviews: number | null
  plan: { status: 'trial' | 'active' | 'free'; planName: string | null; currentPeriodEnd: string | null }
}

/** POST /api/workspaces/{agencyId}/clients → 201 WorkspaceDto */
export interface CreateClientRequest {
  name: string
}

/** PUT /api/workspaces/{id}/brand (an agency's owner) → WorkspaceBrandDto. `logo`: a PNG or SVG data URL ≤ 100 KB, null removes it, absent keeps it. */
export interface UpdateBrandRequest {
  name: string
  color: string
  logo?: string | null
}
