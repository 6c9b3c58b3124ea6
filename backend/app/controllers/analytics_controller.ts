import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import BusinessAnalytics from '#actions/analytics/business_analytics'
import DailySeries from '#actions/analytics/daily_series'
import AnalyticsRange from '#actions/analytics/analytics_range'
import { serializeBusiness } from '#serializers/businesses'
import { serializeSession } from '#serializers/review_sessions'
import { analyticsReads } from '#hot_path/analytics_reads'
import { messages } from '#validators/messages'
import { analyticsRangeValidator } from '#validators/analytics'
import { BUSINESS_TIME_ZONE, DAILY_SERIES_DEFAULT_DAYS, DAILY_SERIES_MAX_DAYS } from '#lib/constants'
import type { AnalyticsRangeResponse, AnalyticsResponse, DailySeriesResponse } from '#types/api'

const dailyValidator = vine.compile(vine.object({ days: vine.number().withoutDecimals().range([1, DAILY_SERIES_MAX_DAYS]).optional() }))
dailyValidator.messagesProvider = messages

export default class AnalyticsController {
  @inject()
  async show({ bouncer, params, response }: HttpContext, analytics: BusinessAnalytics) {
    const found = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('view', found)
    const business = found!
    // Owner checked first; then concurrent reads of this business share one computation and one JSON text of
    // its figures (analytics_reads.ts): the answer is ~20 KB, and serializing it per request cost as much as its
    // queries. The business itself is this request's own row.
    const figures = await analyticsReads.share(business.id, 'show', async () => {
      const result = await analytics.handle(business)
      const shared: Omit<AnalyticsResponse, 'business'> = {
        analytics: result.totals,
        sessions: result.sessions.map(serializeSession),
        reviews: result.reviews.map(serializeSession),
        insights: {
          recentLowRated: result.recentLowRated.map(serializeSession),
          topTopics: result.topTopics,
          pageViews: result.totals.pageViews,
        },
      }
      return JSON.stringify(shared)
    })
    const own: Pick<AnalyticsResponse, 'business'> = { business: serializeBusiness(business) }
    const body = `${JSON.stringify(own).slice(0, -1)},${figures.slice(1)}`
    return response.header('Content-Type', 'application/json; charset=utf-8').send(body)
  }

  @inject()
  async daily({ bouncer, params, request }: HttpContext, series: DailySeries): Promise<DailySeriesResponse> {
    const found = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('view', found)
    const business = found!
    const { days = DAILY_SERIES_DEFAULT_DAYS } = await dailyValidator.validate(request.qs())
    const points = await analyticsReads.share(business.id, `daily:${days}`, () => series.handle(business, days))
    return { businessId: business.id, timeZone: BUSINESS_TIME_ZONE, days: points }
  }

  /** GET /api/analytics/range: one business (`businessId`) or all of the owner's over IST days from..to, against the days before. */
  @inject()
  async range({ tenant, bouncer, request }: HttpContext, range: AnalyticsRange): Promise<AnalyticsRangeResponse> {
    const query = await analyticsRangeValidator.validate(request.qs())
    if (query.businessId === undefined) {
      const businesses = await BusinessPolicy.visible(tenant.member).orderBy('created_at', 'asc').orderBy('id', 'asc')
      return range.handle(businesses, query)
    }
    const business = await Business.find(query.businessId)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    return range.handle([business!], query)
  }
}
