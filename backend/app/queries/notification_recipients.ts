/*
 * Who is told about a business (docs/decisions.md D30, D42): the members of its workspace who run it, owners and
 * managers, whose business scope includes it. Viewers are not mailed, nor a manager limited to other businesses,
 * nor someone who is no longer a member. Each of them by their own settings on the users row (feedback_alerts,
 * weekly_summary, a verified address). As SQL, so the jobs join it instead of asking member by member.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { WorkspaceRole } from '#contract/workspace_roles'

export const NOTIFIED_ROLES: WorkspaceRole[] = ['owner', 'manager']

/** The condition that the member row `member` is told about the business row `business` (same workspace given). */
export const notifiedSql = (member: string, business: string) =>
  `${member}.role IN (${NOTIFIED_ROLES.map((role) => `'${role}'`).join(', ')}) ` +
  `AND (${member}.business_ids IS NULL OR JSON_CONTAINS(${member}.business_ids, CAST(${business}.id AS CHAR)))`

/**
 * Joins, to a query over `businesses as <business>`, a row per member told about it: `workspace_members as
 * <member>` and their `users as <user>`.
 */
export function joinRecipients<Query extends DatabaseQueryBuilderContract<any>>(
  query: Query,
  { business = 'b', member = 'm', user = 'u' } = {}
): Query {
  return query
    .join(`workspace_members as ${member}`, `${member}.workspace_id`, `${business}.workspace_id`)
    .join(`users as ${user}`, `${user}.id`, `${member}.user_id`)
    .whereRaw(notifiedSql(member, business)) as Query
}

/**
 * The businesses someone is told about, with the membership that tells them: `businesses as b` joined to
 * `workspace_members as m` (the caller names the member: `.where('m.user_id', id)` or a `whereColumn`).
 */
export function notifyingBusinesses<Query extends DatabaseQueryBuilderContract<any>>(query: Query): Query {
  return query
    .from('businesses as b')
    .join('workspace_members as m', 'm.workspace_id', 'b.workspace_id')
    .whereRaw(notifiedSql('m', 'b')) as Query
}

/** Whether someone told about the business chose to hear of every Google review, 4-5 stars too (D71). */
export async function someoneWantsEveryGoogleReview(businessId: number) {
  const row = await joinRecipients(db.from('businesses as b'))
    .where('b.id', businessId)
    .where('u.google_review_alert_stars', 'all')
    .whereNot('u.google_review_alerts', 'off')
    .select('u.id')
    .first()
  return Boolean(row)
}
