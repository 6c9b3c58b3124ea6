/*
 * Workspace roles (docs/decisions.md D42), shared by the API's policies and the dashboard, which hides what a role
 * cannot do rather than letting it fail. `owner`: everything, billing, members, brand and deleting the workspace;
 * `manager`: everything about businesses, feedback, customers, requests, staff and replies; `viewer`: reads only.
 */
export const WORKSPACE_ROLES = ['owner', 'manager', 'viewer'] as const
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number]

/** What a request needs of the member's role. */
export type RoleNeed = 'read' | 'write' | 'owner'

const ALLOWED: Record<RoleNeed, readonly WorkspaceRole[]> = {
  read: WORKSPACE_ROLES,
  write: ['owner', 'manager'],
  owner: ['owner'],
}

export function roleAllows(role: WorkspaceRole, need: RoleNeed) {
  return ALLOWED[need].includes(role)
}

/** The 403's sentence when the role does not allow the action. */
export const ROLE_DENIED: Record<Exclude<RoleNeed, 'read'>, string> = {
  write: 'Your role in this workspace can only view. Ask a workspace owner to make you a manager.',
  owner: "Only the workspace's owners can do that.",
}

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: 'Owner', manager: 'Manager', viewer: 'Viewer' }
