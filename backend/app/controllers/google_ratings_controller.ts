/*
 * A business's Google rating history (docs/decisions.md D35): the points the daily job and the
 * owner's refreshes kept, and the refresh itself, once per 10 minutes per business.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import GoogleRatingSnapshot from '#models/google_rating_snapshot'
import RefreshGoogleRating from '#actions/businesses/refresh_google_rating'
import { NotFoundError, TooManyRequestsError } from '#exceptions/app_errors'
import { BUSINESS_TIME_ZONE } from '#lib/constants'
import { googleRatingRefreshWait, releaseGoogleRatingRefresh } from '#start/limiter'
import type { GoogleRatingHistoryResponse, GoogleRatingRefreshResponse } from '#types/api'

export default class GoogleRatingsController {
  async history({ bouncer, params }: HttpContext): Promise<GoogleRatingHistoryResponse> {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    const points = await GoogleRatingSnapshot.history(business!.id)
    return {
      businessId: business!.id,
      since: business!.createdAt.setZone(BUSINESS_TIME_ZONE).toISODate()!,
      points: points.map(({ day, rating, reviewCount }) => ({ day, rating, reviewCount })),
    }
  }

  @inject()
  async refresh({ bouncer, params, response }: HttpContext, refresh: RefreshGoogleRating): Promise<GoogleRatingRefreshResponse> {
    const found = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('update', found)
    const business = found!
    const wait = await googleRatingRefreshWait(business.id)
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60)
      response.header('Retry-After', String(wait))
      throw new TooManyRequestsError(
        `Google's figures for this business were refreshed a moment ago. You can refresh again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        wait
      )
    }
    const point = await refresh.handle(business).catch(async (error) => {
      await releaseGoogleRatingRefresh(business.id)
      throw error
    })
    if (!point) throw new NotFoundError('Google no longer lists this business, so its rating cannot be refreshed.')
    return {
      businessId: business.id,
      point,
      business: { rating: business.rating, reviewCount: business.reviewCount },
    }
  }
}
