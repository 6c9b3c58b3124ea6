import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import UpdateBusinessSettings from '#actions/businesses/update_business_settings'
import DeleteBusiness from '#actions/businesses/delete_business'
import { updateBusinessValidator, updateShortUrlValidator } from '#validators/business'
import { serializeBusiness } from '#serializers/serializers'
import { paginate } from '#lib/list_query'
import { BUSINESS_LIST } from '#lib/list_specs'
import type { BusinessDto, DeleteBusinessResponse, UpdateShortUrlResponse } from '#types/api'

/**
 * The owner's businesses: Refine's `businesses` resource, plus the spec's routes (`/api/my-businesses`,
 * `/api/business/:id/update-short-url`, `DELETE /api/business/:id`) as aliases of the same actions.
 */
export default class BusinessesController {
  /** GET /api/my-businesses: the spec's plain array, oldest first (the dashboard selects the first). */
  async mine({ auth }: HttpContext): Promise<BusinessDto[]> {
    const businesses = await Business.query()
      .where('user_id', auth.getUserOrFail().id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    return businesses.map(serializeBusiness)
  }

  /** GET /api/businesses (Refine list). */
  async index(ctx: HttpContext): Promise<BusinessDto[]> {
    const query = Business.query().where('user_id', ctx.auth.getUserOrFail().id)
    return paginate(ctx, query, BUSINESS_LIST, serializeBusiness)
  }

  async show({ auth, params }: HttpContext): Promise<BusinessDto> {
    return serializeBusiness(await Business.findOwned(auth.getUserOrFail().id, params.id))
  }

  /** PATCH /api/businesses/:id: short URL, compliance mode, pinned language. */
  @inject()
  async update({ auth, params, request }: HttpContext, updateSettings: UpdateBusinessSettings): Promise<BusinessDto> {
    const business = await Business.findOwned(auth.getUserOrFail().id, params.id)
    const settings = await request.validateUsing(updateBusinessValidator)
    return serializeBusiness(await updateSettings.handle(business, settings))
  }

  /** PATCH /api/business/:id/update-short-url (the spec's endpoint). */
  @inject()
  async updateShortUrl(
    { auth, params, request }: HttpContext,
    updateSettings: UpdateBusinessSettings
  ): Promise<UpdateShortUrlResponse> {
    const business = await Business.findOwned(auth.getUserOrFail().id, params.id)
    const { shortUrl } = await request.validateUsing(updateShortUrlValidator)
    return { business: serializeBusiness(await updateSettings.handle(business, { shortUrl })) }
  }

  /** DELETE /api/business/:id and /api/businesses/:id: its sessions and counters go with it. */
  @inject()
  async destroy({ auth, params }: HttpContext, deleteBusiness: DeleteBusiness): Promise<DeleteBusinessResponse> {
    const business = await deleteBusiness.handle(await Business.findOwned(auth.getUserOrFail().id, params.id))
    return { success: true, ...serializeBusiness(business) }
  }
}
