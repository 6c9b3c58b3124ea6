import Business from '#models/business'
import { ConflictError, FieldError } from '#exceptions/app_errors'
import { isReservedShortCode } from '#lib/short_code'
import { isDuplicateKey } from '#lib/db_errors'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import type { UpdateBusinessRequest } from '#types/api'

const TAKEN = 'This short URL is already taken. Please choose another.'

/** Changes an owned business's review code, compliance mode or pinned customer-page language. */
export default class UpdateBusinessSettings {
  async handle(business: Business, settings: UpdateBusinessRequest) {
    if (settings.shortUrl !== undefined && settings.shortUrl !== business.shortUrl) {
      if (isReservedShortCode(settings.shortUrl)) {
        throw new FieldError('shortUrl', 'That short URL is reserved. Please choose another.')
      }
      const taken = await Business.query().where('short_url', settings.shortUrl).whereNot('id', business.id).first()
      if (taken) throw new ConflictError(TAKEN)
      business.shortUrl = settings.shortUrl
    }
    if (settings.complianceMode !== undefined) business.complianceMode = settings.complianceMode
    if (settings.language !== undefined) business.language = settings.language

    try {
      await business.save()
    } catch (error) {
      if (isDuplicateKey(error, 'short_url')) throw new ConflictError(TAKEN)
      throw error
    }
    // The old code stops answering and the new settings show on the customer page at once.
    reviewLinkCache.forgetBusiness(business.id)
    return business
  }
}
