/*
 * Businesses for operators (docs/decisions.md D34): search by name or short code; disable a link for abuse and enable
 * it again, with a reason and an audit row.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import { paginate } from '#lib/list_query'
import { ADMIN_BUSINESS_LIST } from '#queries/list_specs'
import { adminBusinessRows } from '#queries/admin_rows'
import { reasonValidator } from '#validators/admin'
import SetBusinessDisabled from '#actions/admin/set_business_disabled'
import { serializeAdminBusiness } from '#serializers/admin'
import type { AdminBusinessDto } from '#types/api'

async function shown(ids: number[]) {
  const rows = await adminBusinessRows(ids)
  return rows.map(serializeAdminBusiness)
}

async function one(id: number) {
  const [row] = await shown([id])
  return row
}

export default class AdminBusinessesController {
  async index(ctx: HttpContext): Promise<AdminBusinessDto[]> {
    // Only the ids: the page and its count then read the narrow search index (migration 0042), never whole rows.
    const ids = await paginate(ctx, Business.query().select('businesses.id'), ADMIN_BUSINESS_LIST, (business: Business) => business.id)
    return shown(ids)
  }

  @inject()
  async disable({ auth, params, request }: HttpContext, setDisabled: SetBusinessDisabled): Promise<AdminBusinessDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    return one(await setDisabled.handle(auth.getUserOrFail(), params.id, true, reason))
  }

  @inject()
  async enable({ auth, params, request }: HttpContext, setDisabled: SetBusinessDisabled): Promise<AdminBusinessDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    return one(await setDisabled.handle(auth.getUserOrFail(), params.id, false, reason))
  }
}
