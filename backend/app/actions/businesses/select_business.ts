import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Business from '#models/business'
import GoogleRatingSnapshot from '#models/google_rating_snapshot'
import { PlacesDirectory } from '#services/places/places_directory'
import { NotFoundError, UpgradeRequiredError } from '#exceptions/app_errors'
import { googleReviewUrl } from '#lib/constants'
import { generateShortCode } from '#lib/short_code'
import { isDuplicateKey } from '#lib/db_errors'
import { todayIst } from '#lib/time'
import GetBillingStatus from '#actions/billing/get_billing_status'
import { BUSINESS_LIMIT_MESSAGE, FREE_PLAN_BUSINESS_LIMIT } from '#contract/product_rules'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

const SHORT_CODE_ATTEMPTS = 5

/**
 * Adds a Google listing to the owner's account with a fresh review code. Selecting a place the owner already
 * has returns that business instead of a duplicate (docs/product-rules.md#review-links-and-short-codes); the free
 * plan keeps one (docs/product-rules.md#free-plan-limits).
 */
@inject()
export default class SelectBusiness {
  constructor(
    private places: PlacesDirectory,
    private billingStatus: GetBillingStatus
  ) {}

  async handle(user: User, placeId: string): Promise<{ business: Business; created: boolean }> {
    const existing = await Business.query().where('user_id', user.id).where('place_id', placeId).first()
    if (existing) return { business: existing, created: false }

    // Outside the transaction: a slow Google answer must not hold a row lock.
    const place = await this.places.details(placeId)
    if (!place) throw new NotFoundError('We could not find that business. Please search again.')

    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (trx) => {
          // Serialises one owner's concurrent adds, so the plan's business limit cannot be raced.
          await User.query({ client: trx }).where('id', user.id).forUpdate().firstOrFail()
          const again = await Business.query({ client: trx }).where('user_id', user.id).where('place_id', placeId).first()
          if (again) return { business: again, created: false }
          await this.assertCanAdd(user, trx)

          const business = await Business.create(
            {
              userId: user.id,
              placeId: place.place_id,
              name: place.name,
              address: place.address,
              rating: place.rating,
              reviewCount: place.reviewCount,
              shortUrl: await this.codeNoAliasHas(trx),
              googleReviewUrl: googleReviewUrl(place.place_id),
            },
            { client: trx }
          )
          // The Google rating history starts with the figures the business joined with (docs/decisions.md D35).
          await GoogleRatingSnapshot.record(business.id, todayIst(), place, trx)
          return { business, created: true }
        })
      } catch (error) {
        if (!isDuplicateKey(error, 'short_url') || attempt >= SHORT_CODE_ATTEMPTS) throw error
      }
    }
  }

  /** A fresh random code that is not an earlier code of some business (the businesses' own codes are unique in the table). */
  private async codeNoAliasHas(trx: TransactionClientContract) {
    for (;;) {
      const code = generateShortCode()
      if (!(await trx.from('review_link_aliases').where('code', code).first())) return code
    }
  }

  private async assertCanAdd(user: User, trx: TransactionClientContract) {
    const { isLimited } = await this.billingStatus.handle(user)
    if (!isLimited) return
    const row = await db.from('businesses').useTransaction(trx).where('user_id', user.id).count('* as total').first()
    if (Number(row?.total ?? 0) >= FREE_PLAN_BUSINESS_LIMIT) throw new UpgradeRequiredError(BUSINESS_LIMIT_MESSAGE)
  }
}
