/*
 * What a member's role lets them do in the dashboard (docs/screens.md#roles-in-the-dashboard), read from the API's
 * own rule (backend/contract/workspace_roles.ts), so a screen hides what would only be refused: an owner does
 * everything (billing, the team, the brand, deleting the workspace), a manager works with businesses, feedback,
 * customers, requests and staff, a viewer reads. A member limited to some businesses is shown only those: the API
 * already lists no others. Which screens a role opens at all is the screens table's (lib/screens.ts). The server
 * still decides every call (403 `{error}`).
 */
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { ROLE_LABELS, roleAllows, type WorkspaceRole } from '@reviewroute/backend/contract/workspace_roles'

export { ROLE_LABELS, type WorkspaceRole }

export interface Permissions {
  role: WorkspaceRole
  /** Add businesses, change their settings and short links. */
  manageBusinesses: boolean
  /** Remove a business with everything it collected: the workspace owners' decision. */
  removeBusinesses: boolean
  /** Resolve feedback; add, import and edit customers; send review requests; staff, WhatsApp Business, visit hooks. */
  edit: boolean
  /** Plans, payments, invoices, billing details; an agency buys its clients' plans. */
  billing: boolean
  /** Invite, change roles and business scopes, remove members; the activity log. */
  manageTeam: boolean
  /** An agency's brand. */
  brand: boolean
  /** Connect, change or disconnect the WhatsApp Business number (managers see whether it is connected). */
  whatsApp: boolean
  /** Rename or delete the workspace; an agency creates its client workspaces. */
  manageWorkspace: boolean
}

export function permissionsOf(role: WorkspaceRole): Permissions {
  const write = roleAllows(role, 'write')
  const owner = roleAllows(role, 'owner')
  return {
    role,
    manageBusinesses: write,
    removeBusinesses: owner,
    edit: write,
    billing: owner,
    manageTeam: owner,
    brand: owner,
    whatsApp: owner,
    manageWorkspace: owner,
  }
}

/**
 * Before the workspaces are known, or when they cannot be read: everything is shown, as for the owner of a personal
 * workspace (every account's first); the server refuses what the role may not do.
 */
export const UNKNOWN_ROLE = permissionsOf('owner')

/** What each role means, in the invitation form and beside a member's role. */
export const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including billing, the team and deleting the workspace.',
  manager: 'Businesses, feedback, customers, review requests and staff. No billing or team.',
  viewer: 'Sees everything, changes nothing.',
}

/** A viewer's empty business list: they add none themselves. */
export const NO_BUSINESSES_TO_SEE = 'There are no businesses for you to see in this workspace yet. Its owners and managers add them.'

/** The sentence for a screen a role may not open. */
export const OWNER_ONLY_TEXT = 'Only the owners of this workspace can open this page. Ask an owner if you need something here.'
export const VIEW_ONLY_TEXT = 'Your role in this workspace can only view. Ask a workspace owner to make you a manager.'

/** "Agency", "Client of Spice Agency", "Team", "Personal". */
export function kindLabel(workspace: Pick<WorkspaceDto, 'kind' | 'managedBy'>) {
  switch (workspace.kind) {
    case 'agency':
      return 'Agency'
    case 'client':
      return workspace.managedBy ? `Client of ${workspace.managedBy.name}` : 'Client'
    case 'team':
      return 'Team'
    default:
      return 'Personal'
  }
}

/** A member's business scope: "All businesses", the names of those this member can see, else how many. */
export function scopeText(businessIds: number[] | null, businesses: { id: number; name: string }[]) {
  if (businessIds === null) return 'All businesses'
  if (businessIds.length === 0) return 'No businesses'
  const names = businessIds.map((id) => businesses.find((business) => business.id === id)?.name)
  if (names.every(Boolean)) return names.join(', ')
  return businessIds.length === 1 ? '1 business' : `${businessIds.length} businesses`
}
