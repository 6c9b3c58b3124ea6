/*
 * The people of a workspace the specs start from, made with the factories (database/factories): a new owner and
 * their team or agency workspace, and new accounts joined to it in a role.
 */
import type User from '#models/user'
import type { WorkspaceRole } from '#contract/workspace_roles'
import { UserFactory, WorkspaceFactory, WorkspaceMemberFactory } from '#database/factories/index'

/** A new owner and a workspace of theirs, a team's unless `state` says, that they own. */
export async function ownedWorkspace(state: 'team' | 'agency' = 'team') {
  const owner = await UserFactory.create()
  const workspace = await WorkspaceFactory.apply(state).merge({ createdByUserId: owner.id }).create()
  return { owner, workspace }
}

/** A new account joined to the workspace in `role`, for all its businesses unless `businessIds` limits it. */
export async function joined(workspaceId: number, role: WorkspaceRole, businessIds: number[] | null = null): Promise<User> {
  const member = await WorkspaceMemberFactory.apply(role).merge({ workspaceId, businessIds }).with('user').create()
  return member.user
}
