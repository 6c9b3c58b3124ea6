import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import UpdateBusinessSettings from '#actions/businesses/update_business_settings'
import { updateBusinessValidator, updateShortUrlValidator } from '#validators/business'
import { serializeBusiness } from '#serializers/serializers'
import { paginate } from '#lib/list_query'
import { BUSINESS_LIST } from '#lib/list_specs'

export default class BusinessesController {
  /** GET /api/my-businesses: the spec's plain array, oldest first (the dashboard selects the first). */
  async mine({ auth }: HttpContext) {
    const businesses = await Business.query()
      .where('user_id', auth.getUserOrFail().id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    return businesses.map(serializeBusiness)
  }

  /** GET /api/businesses (Refine list). */
  async index(ctx: HttpContext) {
    const query = Business.query().where('user_id', ctx.auth.getUserOrFail().id)
    return paginate(ctx, query, BUSINESS_LIST, serializeBusiness)
  }

  async show({ auth, params }: HttpContext) {
    return serializeBusiness(await Business.findOwned(auth.getUserOrFail().id, params.id))
  }

  /** PATCH /api/businesses/:id: short URL, compliance mode, pinned language. */
  @inject()
  async update({ auth, params, request }: HttpContext, updateSettings: UpdateBusinessSettings) {
    const business = await Business.findOwned(auth.getUserOrFail().id, params.id)
    const settings = await request.validateUsing(updateBusinessValidator)
    return serializeBusiness(await updateSettings.handle(business, settings))
  }

  /** PATCH /api/business/:id/update-short-url (the spec's endpoint). */
  @inject()
  async updateShortUrl({ auth, params, request }: HttpContext, updateSettings: UpdateBusinessSettings) {
    const business = await Business.findOwned(auth.getUserOrFail().id, params.id)
    const { shortUrl } = await request.validateUsing(updateShortUrlValidator)
    return { business: serializeBusiness(await updateSettings.handle(business, { shortUrl })) }
  }

  /** DELETE /api/business/:id and /api/businesses/:id: its sessions and counters go with it. */
  async destroy({ auth, params }: HttpContext) {
    const business = await Business.findOwned(auth.getUserOrFail().id, params.id)
    await business.delete()
    return { success: true, ...serializeBusiness(business) }
  }
}
