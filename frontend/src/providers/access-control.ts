/*
 * Refine's access control provider: whether a member may open a screen, answered from the screens table
 * (lib/screens.ts) and the member's role and workspace, which the caller passes as `params.member` (hooks/use-access.ts;
 * without it, the unknown member's answer: everything but an agency's pages). A refusal carries the sentence the
 * screen shows in its place. A resource and action the table does not name is allowed: the server decides its calls.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core'
import { roleAllows } from '@reviewroute/backend/contract/workspace_roles'
import { OWNER_ONLY_TEXT, VIEW_ONLY_TEXT } from '#lib/roles'
import { screenAllows, screenOf, UNKNOWN_MEMBER, type Member } from '#lib/screens'

export const AGENCY_ONLY_TEXT = "This page belongs to an agency's workspace. Switch to your agency's workspace to open it."

/** The answer for `member`, at once (the provider's `can` returns it as Refine's promise). */
export function canOpen({ resource, action, params }: CanParams): CanReturnType {
  const screen = screenOf(resource, action)
  const member: Member = params?.member ?? UNKNOWN_MEMBER
  if (!screen || screenAllows(screen, member)) return { can: true }
  if (screen.access?.workspace && member.kind !== screen.access.workspace) return { can: false, reason: AGENCY_ONLY_TEXT }
  return { can: false, reason: roleAllows(member.role, 'write') ? OWNER_ONLY_TEXT : VIEW_ONLY_TEXT }
}

export const accessControlProvider: AccessControlProvider = {
  can: async (params) => canOpen(params),
}
