import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OwnerOverview from '#actions/analytics/owner_overview'
import type { OverviewResponse } from '#types/api'

export default class OverviewController {
  /** GET /api/overview: the numbers of the dashboard overview, for every business of the owner, in one answer. */
  @inject()
  async show({ tenant }: HttpContext, overview: OwnerOverview): Promise<OverviewResponse> {
    return overview.handle(tenant.member)
  }
}
