/*
 * The actor every policy decides for (docs/decisions.md D42): a signed-in user acting in one workspace, with the
 * role and business scope they have there. An agency's members act in the client workspaces it manages with their
 * agency role (`via: 'agency'`).
 */
import type User from '#models/user'
import type Workspace from '#models/workspace'
import type { WorkspaceRole } from '#contract/workspace_roles'
import type { JoinedVia } from '#models/workspace_member'

export default class Member {
  constructor(
    readonly user: User,
    readonly workspace: Workspace,
    readonly role: WorkspaceRole,
    /** The businesses the member is limited to; null: all of the workspace's. */
    readonly businessIds: number[] | null,
    readonly via: 'member' | 'agency',
    readonly joinedAt: Date,
    /** How their membership came about, when they are a member (docs/decisions.md D56). */
    readonly joinedVia: JoinedVia = 'own'
  ) {}

  /** Acting for the managing agency: through the agency's role, or as a member the agency brought in. */
  get forAgency() {
    return this.via === 'agency' || this.joinedVia === 'agency'
  }

  get workspaceId() {
    return this.workspace.id
  }

  get isLimited() {
    return this.businessIds !== null
  }

  /** Whether a business of this workspace is inside the member's scope. */
  sees(businessId: number) {
    return this.businessIds === null || this.businessIds.includes(businessId)
  }
}
