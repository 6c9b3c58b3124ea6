import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import { ConflictError, FieldError } from '#exceptions/app_errors'
import { isReservedShortCode } from '#lib/short_code'
import { isDuplicateKey } from '#lib/db_errors'
import { clock } from '#lib/clock'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { widgetCache } from '#hot_path/widget_cache'
import type { UpdateBusinessRequest } from '#types/api'

const TAKEN = 'This short URL is already taken. Please choose another.'

/**
 * Changes an owned business's review code, compliance mode or pinned customer-page language. A changed code
 * keeps the old one as an alias of the business (docs/decisions.md D31): printed posters and shared links go on
 * working, and nobody else can take it. Going back to one of the business's own old codes is allowed.
 */
export default class UpdateBusinessSettings {
  async handle(business: Business, settings: UpdateBusinessRequest) {
    const newCode = settings.shortUrl !== undefined && settings.shortUrl !== business.shortUrl ? settings.shortUrl : null
    if (newCode !== null && isReservedShortCode(newCode)) {
      throw new FieldError('shortUrl', 'That short URL is reserved. Please choose another.')
    }

    try {
      await db.transaction(async (trx) => {
        business.useTransaction(trx)
        if (newCode !== null) {
          // A locking read: a rename of another business that is freeing or taking this code waits for us, or we for it.
          const alias = await trx.from('review_link_aliases').where('code', newCode).forUpdate().first()
          if (alias && alias.business_id !== business.id) throw new ConflictError(TAKEN)
          const taken = await Business.query({ client: trx }).where('short_url', newCode).whereNot('id', business.id).first()
          if (taken) throw new ConflictError(TAKEN)
          if (alias) await trx.from('review_link_aliases').where('id', alias.id).delete()
          await trx
            .table('review_link_aliases')
            .insert({ code: business.shortUrl, business_id: business.id, created_at: clock.now().toJSDate() })
          business.shortUrl = newCode
        }
        if (settings.complianceMode !== undefined) business.complianceMode = settings.complianceMode
        if (settings.language !== undefined) business.language = settings.language
        await business.save()
      })
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictError(TAKEN)
      throw error
    }
    // The new settings show on the customer page at once; the old code now finds the business through its alias.
    reviewLinkCache.forgetBusiness(business.id)
    // Its code and language are in the website widget's answer too (docs/decisions.md D49).
    widgetCache.forgetBusiness(business.id)
    return business
  }
}
