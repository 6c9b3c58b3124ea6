/*
 * An agency's overview of its clients (docs/decisions.md D42): per client workspace, its businesses, this IST
 * month's ratings and their average, and its plan. Three queries whatever the number of clients.
 */
import db from '@adonisjs/lucid/services/db'
import Workspace from '#models/workspace'
import { workspacePlans } from '#queries/workspace_plans'
import { NotFoundError } from '#exceptions/app_errors'
import { monthStartIst } from '#lib/time'
import type { AgencyClientDto } from '#types/api'

/**
 * The agency's clients as a member of it may see them: all of them for a member of the whole agency
 * (`businessIds` null); for one limited to some businesses, only the clients holding one of those
 * (docs/decisions.md D56).
 */
export async function agencyClients(member: { workspace: Workspace; businessIds: number[] | null }): Promise<AgencyClientDto[]> {
  const agency = member.workspace
  if (agency.kind !== 'agency') throw new NotFoundError('Only an agency workspace has clients.')
  const query = Workspace.query().where('managed_by_workspace_id', agency.id).orderBy('name', 'asc').orderBy('id', 'asc')
  if (member.businessIds !== null) {
    const held = member.businessIds.length > 0 ? member.businessIds : [0]
    query.whereIn('id', db.from('businesses').whereIn('id', held).select('workspace_id'))
  }
  const clients = await query
  if (clients.length === 0) return []
  const ids = clients.map((client) => client.id)
  const [plans, businesses, ratings] = await Promise.all([
    workspacePlans(clients),
    db.from('businesses').whereIn('workspace_id', ids).groupBy('workspace_id').select('workspace_id').count('* as n'),
    db
      .from('review_sessions as s')
      .join('businesses as b', 'b.id', 's.business_id')
      .whereIn('b.workspace_id', ids)
      .where('s.created_at', '>=', monthStartIst().toJSDate())
      .groupBy('b.workspace_id')
      .select('b.workspace_id', db.raw('COUNT(*) AS n'), db.raw('SUM(s.rating) AS rating_sum')),
  ])
  const businessCounts = new Map(businesses.map((row) => [Number(row.workspace_id), Number(row.n)]))
  const ratingRows = new Map(ratings.map((row) => [Number(row.workspace_id), { n: Number(row.n), sum: Number(row.rating_sum) }]))
  return clients.map((client) => {
    const rated = ratingRows.get(client.id)
    return {
      id: client.id,
      name: client.name,
      businesses: businessCounts.get(client.id) ?? 0,
      ratingsThisMonth: rated?.n ?? 0,
      averageThisMonth: rated ? Math.round((rated.sum / rated.n) * 100) / 100 : null,
      unansweredGoogleReviews: null,
      plan: plans.get(client.id)!,
    }
  })
}
