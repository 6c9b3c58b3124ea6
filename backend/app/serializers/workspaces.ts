import type Member from '#policies/member'
import type Workspace from '#models/workspace'
import type { WorkspacePlan } from '#queries/workspace_plans'
import type { WorkspaceBrandDto, WorkspaceDto } from '#types/api'

/** Where a brand's logo is served from our origin (content-addressed, cached for a year; always a PNG, D60). */
export function brandLogoUrl(hash: string | null) {
  return hash ? `/brand-logos/${hash}.png` : null
}

/** A workspace's own brand, or null when it has none. */
export function serializeBrand(workspace: Workspace | null | undefined): WorkspaceBrandDto | null {
  if (!workspace?.brandName) return null
  return {
    name: workspace.brandName,
    color: workspace.brandColor ?? '#4f46e5',
    logoUrl: workspace.brandLogoHash ? brandLogoUrl(workspace.brandLogoHash) : null,
  }
}

/**
 * One of the user's workspaces as GET /api/workspaces lists it. `agency`: the agency managing it (a client), whose
 * brand its members see; an agency shows its own.
 */
export function serializeWorkspace(member: Member, plan: WorkspacePlan | undefined, agency: Workspace | null): WorkspaceDto {
  const { workspace } = member
  return {
    id: workspace.id,
    name: workspace.name,
    kind: workspace.kind,
    role: member.role,
    businessIds: member.businessIds,
    managedBy: agency ? { id: agency.id, name: agency.name } : null,
    isLimited: (plan?.status ?? 'free') === 'free',
    brand: serializeBrand(workspace.kind === 'agency' ? workspace : agency),
  }
}
