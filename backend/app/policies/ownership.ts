/*
 * The tenancy rule every policy asks (docs/decisions.md D2, D42): a row belongs to a workspace (a business names
 * its workspace; what a business holds names its business), and a member reaches the rows of the workspace they
 * act in, within their business scope. A row of another workspace, or a business outside the scope, is its 404, so
 * nobody can tell it from one that does not exist; a role that does not allow the action is a 403 that says so.
 * Lists are narrowed by the same rule as a query.
 */
import db from '@adonisjs/lucid/services/db'
import { AuthorizationResponse } from '@adonisjs/bouncer'
import Business from '#models/business'
import type Member from '#policies/member'
import { ROLE_DENIED, roleAllows, type RoleNeed } from '#contract/workspace_roles'

/** Ids that match nothing, for a member limited to no business at all. */
const NONE = [0]

/** The businesses the member sees. */
export function visibleBusinesses(member: Member) {
  const query = Business.query().where('workspace_id', member.workspaceId)
  return member.businessIds === null ? query : query.whereIn('id', member.businessIds.length > 0 ? member.businessIds : NONE)
}

/** Their ids, as a subquery for lists (`whereIn('business_id', …)`). */
export function visibleBusinessIds(member: Member) {
  const query = db.from('businesses').select('id').where('workspace_id', member.workspaceId)
  return member.businessIds === null ? query : query.whereIn('id', member.businessIds.length > 0 ? member.businessIds : NONE)
}

/** The role check alone, for what belongs to the workspace itself (its plan, members, brand). */
export function roleOnly(member: Member, need: RoleNeed) {
  return roleAllows(member.role, need) ? true : AuthorizationResponse.deny(ROLE_DENIED[need as Exclude<RoleNeed, 'read'>], 403)
}

/**
 * Allowed when the row exists, is the member's workspace's (and, for a business, inside their scope), and the role
 * allows `need`; else the row's own 404 or the role's 403.
 */
export function workspaceRow(
  member: Member,
  row: { workspaceId: number | null; businessId?: number } | null,
  need: RoleNeed,
  notFound: string
) {
  if (!row || row.workspaceId === null || row.workspaceId !== member.workspaceId) return AuthorizationResponse.deny(notFound, 404)
  if (row.businessId !== undefined && !member.sees(row.businessId)) return AuthorizationResponse.deny(notFound, 404)
  return roleOnly(member, need)
}

/** A business: in the member's workspace and scope, then the role. */
export function businessRow(member: Member, business: Business | null, need: RoleNeed, notFound = 'Business not found') {
  return workspaceRow(member, business && { workspaceId: business.workspaceId, businessId: business.id }, need, notFound)
}

/*
 * A child row names its business; the member's visible business ids are read once per request (the member object
 * is the request's own) however many rows a request checks.
 */
const businessIdsByMember = new WeakMap<Member, Promise<Set<number>>>()

function businessIdsOf(member: Member) {
  let ids = businessIdsByMember.get(member)
  if (!ids) {
    ids = visibleBusinessIds(member).then((rows: { id: number }[]) => new Set(rows.map((row) => Number(row.id))))
    businessIdsByMember.set(member, ids)
    // A failed read is not remembered: the next check asks again.
    ids.catch(() => businessIdsByMember.delete(member))
  }
  return ids
}

/** Allowed when the row exists, its business is one the member sees, and the role allows `need`; else 404 / 403. */
export async function businessChild(member: Member, row: { businessId: number } | null, need: RoleNeed, notFound: string) {
  if (!row) return AuthorizationResponse.deny(notFound, 404)
  const ids = await businessIdsOf(member)
  return ids.has(row.businessId) ? roleOnly(member, need) : AuthorizationResponse.deny(notFound, 404)
}
