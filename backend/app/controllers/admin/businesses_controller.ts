/*
 * Businesses for operators (docs/decisions.md D34): search by name or short code; disable a link for abuse (the
 * customer page then says, politely, that it is paused) and enable it again, with a reason and an audit row.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { paginate } from '#lib/list_query'
import { ADMIN_BUSINESS_LIST } from '#lib/admin_lists'
import { reasonValidator } from '#validators/admin'
import { NotFoundError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { adminBusinesses } from '#serializers/admin'
import type { AdminBusinessDto } from '#types/api'

export default class AdminBusinessesController {
  async index(ctx: HttpContext): Promise<AdminBusinessDto[]> {
    const rows = await paginate(ctx, Business.query(), ADMIN_BUSINESS_LIST, (business: Business) => business.id)
    return adminBusinesses(rows)
  }

  async disable(ctx: HttpContext) {
    return this.setDisabled(ctx, true)
  }

  async enable(ctx: HttpContext) {
    return this.setDisabled(ctx, false)
  }

  private async setDisabled({ auth, params, request }: HttpContext, disabled: boolean): Promise<AdminBusinessDto> {
    const { reason } = await request.validateUsing(reasonValidator)
    const id = await db.transaction(async (trx) => {
      const business = await Business.query({ client: trx }).where('id', params.id).forUpdate().first()
      if (!business) throw new NotFoundError('Business not found')
      const before = { disabledAt: business.disabledAt?.toISO() ?? null, disabledReason: business.disabledReason }
      business.merge(disabled ? { disabledAt: clock.now(), disabledReason: reason } : { disabledAt: null, disabledReason: null })
      await business.useTransaction(trx).save()
      await AuditLog.record(trx, auth.getUserOrFail(), {
        action: disabled ? 'business.disable' : 'business.enable',
        targetType: 'business',
        targetId: business.id,
        before,
        after: { disabledAt: business.disabledAt?.toISO() ?? null },
        reason,
      })
      reviewLinkCache.forgetBusiness(business.id, trx)
      return business.id
    })
    return (await adminBusinesses([id]))[0]
  }
}
