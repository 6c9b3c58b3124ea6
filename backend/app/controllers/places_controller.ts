import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import BusinessPolicy from '#policies/business_policy'
import SelectBusiness from '#actions/businesses/select_business'
import { PlacesDirectory } from '#services/places/places_directory'
import { searchBusinessValidator, selectBusinessValidator } from '#validators/business'
import { serializeBusiness } from '#serializers/businesses'
import type { SearchBusinessResponse, SelectBusinessResponse } from '#types/api'

const SEARCH_RESULTS = 10

export default class PlacesController {
  @inject()
  async search({ request }: HttpContext, places: PlacesDirectory): Promise<SearchBusinessResponse> {
    const { query, location } = await request.validateUsing(searchBusinessValidator)
    // `source` lets the forms label demo listings as such (docs/decisions.md D4 and D39).
    return { places: await places.search(query, location, SEARCH_RESULTS), source: places.searchProvider.kind }
  }

  @inject()
  async select({ tenant, bouncer, request, response }: HttpContext, selectBusiness: SelectBusiness) {
    await bouncer.with(BusinessPolicy).authorize('create')
    const { placeId, complianceMode } = await request.validateUsing(selectBusinessValidator)
    const { business, created } = await selectBusiness.handle(tenant.member, placeId, { complianceMode: complianceMode ?? false })
    return response.status(created ? 201 : 200).send({ business: serializeBusiness(business), created } satisfies SelectBusinessResponse)
  }
}
