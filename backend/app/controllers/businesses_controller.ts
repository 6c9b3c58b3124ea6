import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import UpdateBusinessSettings from '#actions/businesses/update_business_settings'
import DeleteBusiness from '#actions/businesses/delete_business'
import { updateBusinessValidator, updateShortUrlValidator } from '#validators/business'
import { serializeBusiness } from '#serializers/businesses'
import { paginate } from '#lib/list_query'
import { BUSINESS_LIST } from '#queries/list_specs'
import type { BusinessDto, DeleteBusinessResponse, UpdateShortUrlResponse } from '#types/api'

/**
 * The owner's businesses: Refine's `businesses` resource, plus the spec's routes (`/api/my-businesses`,
 * `/api/business/:id/update-short-url`, `DELETE /api/business/:id`) as aliases of the same actions.
 */
export default class BusinessesController {
  /** GET /api/my-businesses: the spec's plain array, oldest first (the dashboard selects the first). */
  async mine({ tenant }: HttpContext): Promise<BusinessDto[]> {
    const businesses = await BusinessPolicy.visible(tenant.member).orderBy('created_at', 'asc').orderBy('id', 'asc')
    return businesses.map(serializeBusiness)
  }

  /** GET /api/businesses (Refine list). */
  async index(ctx: HttpContext): Promise<BusinessDto[]> {
    return paginate(ctx, BusinessPolicy.visible(ctx.tenant.member), BUSINESS_LIST, serializeBusiness)
  }

  async show({ bouncer, params }: HttpContext): Promise<BusinessDto> {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    return serializeBusiness(business!)
  }

  /** PATCH /api/businesses/:id: short URL, compliance mode, pinned language. */
  @inject()
  async update({ bouncer, params, request }: HttpContext, updateSettings: UpdateBusinessSettings): Promise<BusinessDto> {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    const settings = await request.validateUsing(updateBusinessValidator)
    return serializeBusiness(await updateSettings.handle(business!, settings))
  }

  /** PATCH /api/business/:id/update-short-url (the spec's endpoint). */
  @inject()
  async updateShortUrl({ bouncer, params, request }: HttpContext, updateSettings: UpdateBusinessSettings): Promise<UpdateShortUrlResponse> {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    const { shortUrl } = await request.validateUsing(updateShortUrlValidator)
    return { business: serializeBusiness(await updateSettings.handle(business!, { shortUrl })) }
  }

  /** DELETE /api/business/:id and /api/businesses/:id: its sessions and counters go with it. */
  @inject()
  async destroy({ tenant, bouncer, params }: HttpContext, deleteBusiness: DeleteBusiness): Promise<DeleteBusinessResponse> {
    const business = await Business.find(params.id)
    await bouncer.with(BusinessPolicy).authorize('delete', business)
    return { success: true, ...serializeBusiness(await deleteBusiness.handle(business!, tenant.member.user)) }
  }
}
