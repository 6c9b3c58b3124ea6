import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Business from '#models/business'
import AuditLog from '#models/audit_log'
import { clock } from '#lib/clock'
import { NotFoundError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'

/**
 * Disables a business's review link for abuse (the customer page then says, politely, that it is paused) or
 * enables it again. Answers the business's id.
 */
export default class SetBusinessDisabled {
  async handle(operator: User, businessId: number, disabled: boolean, reason: string) {
    return db.transaction(async (trx) => {
      const business = await Business.query({ client: trx }).where('id', businessId).forUpdate().first()
      if (!business) throw new NotFoundError('Business not found')
      const before = { disabledAt: business.disabledAt?.toISO() ?? null, disabledReason: business.disabledReason }
      business.merge(disabled ? { disabledAt: clock.now(), disabledReason: reason } : { disabledAt: null, disabledReason: null })
      await business.useTransaction(trx).save()
      await AuditLog.record(trx, operator, {
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
  }
}
