/*
 * A business's staff (docs/decisions.md D32): each with their own link and QR, and a small leaderboard of
 * the ratings and requests that came through them.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import StaffPolicy from '#policies/staff_policy'
import { addStaff } from '#actions/requests/staff'
import { staffValidator } from '#validators/requests'
import { NotFoundError } from '#exceptions/app_errors'
import { appUrl } from '#lib/app_url'
import type { StaffDto } from '#types/api'

export default class StaffController {
  async index({ bouncer, params }: HttpContext): Promise<StaffDto[]> {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('viewAny', found)
    const business = found!
    const rows = await db
      .from('staff as m')
      .where('m.business_id', business.id)
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
      link: appUrl(`/review/${business.shortUrl}?s=${row.code}`),
      ratings: Number(row.ratings),
      sentToGoogle: Number(row.sent_to_google),
      requests: Number(row.requests),
      rated: Number(row.rated),
    }))
  }

  async store({ bouncer, params, request, response }: HttpContext) {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('manage', found)
    const business = found!
    const { name } = await request.validateUsing(staffValidator)
    const { id, code } = await addStaff(business.id, name)
    const staff: StaffDto = { id, name, code, link: appUrl(`/review/${business.shortUrl}?s=${code}`), ratings: 0, sentToGoogle: 0, requests: 0, rated: 0 }
    return response.created(staff)
  }

  async destroy({ bouncer, params, response }: HttpContext) {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('manage', found)
    const business = found!
    const deleted = await db.from('staff').where({ id: params.id, business_id: business.id }).delete()
    if (!Number(deleted)) throw new NotFoundError('Staff member not found')
    return response.noContent()
  }
}
