/*
 * Reads about a business's staff (docs/decisions.md D32): whom a rating came through, and the leaderboard of what
 * came through each.
 */
import db from '@adonisjs/lucid/services/db'
import { isStaffCode } from '#lib/staff_codes'

/**
 * The staff member a rating came through: the request's own staff member when it came from a personal link, else
 * the `?s=` code of the link or QR, if it is one of this business's; else nobody.
 */
export async function staffIdOf(businessId: number, code: string | null | undefined, requestId: number | null) {
  if (requestId !== null) {
    const row = await db.from('review_requests').where('id', requestId).select('staff_id').first()
    if (row?.staff_id) return Number(row.staff_id)
  }
  if (!isStaffCode(code)) return null
  const staff = await db.from('staff').where({ business_id: businessId, code }).select('id').first()
  return staff ? Number(staff.id) : null
}

export interface StaffStanding {
  id: number
  name: string
  code: string
  ratings: number
  sentToGoogle: number
  requests: number
  rated: number
}

/** The business's staff, most ratings first, with the ratings and requests that came through each. */
export async function staffLeaderboard(businessId: number): Promise<StaffStanding[]> {
  const rows = await db
    .from('staff as m')
    .where('m.business_id', businessId)
    .select('m.id', 'm.name', 'm.code')
    .select(db.raw('(SELECT COUNT(*) FROM review_sessions s WHERE s.staff_id = m.id) AS ratings'))
    .select(db.raw('(SELECT COUNT(*) FROM review_sessions s WHERE s.staff_id = m.id AND s.redirected) AS sent_to_google'))
    .select(db.raw('(SELECT COUNT(*) FROM review_requests r WHERE r.staff_id = m.id) AS requests'))
    .select(db.raw('(SELECT COUNT(*) FROM review_requests r WHERE r.staff_id = m.id AND r.rated_at IS NOT NULL) AS rated'))
    .orderByRaw('ratings DESC, m.id ASC')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    code: row.code,
    ratings: Number(row.ratings),
    sentToGoogle: Number(row.sent_to_google),
    requests: Number(row.requests),
    rated: Number(row.rated),
  }))
}
