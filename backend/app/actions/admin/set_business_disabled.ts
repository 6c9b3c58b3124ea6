import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Business from '#models/business'
import { NotFoundError } from '#exceptions/app_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { disableOrEnable } from '#actions/admin/disable_or_enable'

/**
 * Disables a business's review link for abuse (the customer page then says, politely, that it is paused) or
 * enables it again. Answers the business's id.
 */
export default class SetBusinessDisabled {
  async handle(operator: User, businessId: number, disabled: boolean, reason: string) {
    return db.transaction(async (trx) => {
      const business = await Business.query({ client: trx }).where('id', businessId).forUpdate().first()
      if (!business) throw new NotFoundError('Business not found')
      await disableOrEnable(trx, operator, { type: 'business', row: business }, disabled, reason)
      reviewLinkCache.forgetBusiness(business.id, trx)
      return business.id
    })
  }
}
