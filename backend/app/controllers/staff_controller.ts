/*
 * A business's staff (docs/decisions.md D32): each with their own link and QR, and a small leaderboard of
 * the ratings and requests that came through them.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import StaffPolicy from '#policies/staff_policy'
import AddStaff from '#actions/requests/add_staff'
import RemoveStaff from '#actions/requests/remove_staff'
import { staffLeaderboard } from '#queries/staff'
import { serializeStaff } from '#serializers/staff'
import { staffValidator } from '#validators/requests'
import type { StaffDto } from '#types/api'

export default class StaffController {
  async index({ bouncer, params }: HttpContext): Promise<StaffDto[]> {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('viewAny', found)
    const business = found!
    const members = await staffLeaderboard(business.id)
    return members.map((member) => serializeStaff(business, member))
  }

  @inject()
  async store({ bouncer, params, request, response }: HttpContext, addStaff: AddStaff) {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('manage', found)
    const business = found!
    const { name } = await request.validateUsing(staffValidator)
    const { id, code } = await addStaff.handle(business, name)
    return response.created(
      serializeStaff(business, { id, name, code, ratings: 0, sentToGoogle: 0, requests: 0, rated: 0 }) satisfies StaffDto
    )
  }

  @inject()
  async destroy({ bouncer, params, response }: HttpContext, removeStaff: RemoveStaff) {
    const found = await Business.find(params.businessId)
    await bouncer.with(StaffPolicy).authorize('manage', found)
    await removeStaff.handle(found!, params.id)
    return response.noContent()
  }
}
