/*
 * Analytics over any range of IST days (GET /api/analytics/range, docs/decisions.md D36): one business or all of an
 * owner's, against the same number of days just before the range. Counts, private feedback among them, come from the
 * daily series (rollups up to the watermark, raw rows after it), as in the overview.
 */
import { DateTime } from 'luxon'
import type Business from '#models/business'
import DailySeries, { daysBetween, type DayFigures } from '#actions/analytics/daily_series'
import { conversionRate } from '#actions/analytics/business_analytics'
import { addRated, meanRating, NO_RATED_COUNTS } from '#lib/session_counts'
import { BUSINESS_TIME_ZONE, DAILY_SERIES_DEFAULT_DAYS, DAILY_SERIES_MAX_DAYS } from '#lib/constants'
import { todayIst } from '#lib/time'
import { FieldError } from '#exceptions/app_errors'
import type { AnalyticsRangeResponse, RangeTotals } from '#types/api'

export interface RangeRequest {
  from?: string
  to?: string
  businessId?: number
}

const shift = (day: string, days: number) => DateTime.fromISO(day).plus({ days }).toISODate()!

/**
 * The range asked for with its gaps filled (`to` today, `from` 30 days before `to`) and checked, and the same
 * number of days just before it.
 */
export function resolveRange({ from, to }: RangeRequest) {
  if (to && to > todayIst()) throw new FieldError('to', 'The end date cannot be after today (India time)')
  const end = to ?? todayIst()
  const start = from ?? shift(end, 1 - DAILY_SERIES_DEFAULT_DAYS)
  if (start > end) throw new FieldError('from', 'The start date must not be after the end date')
  const length = daysBetween(start, end).length
  if (length > DAILY_SERIES_MAX_DAYS) throw new FieldError('from', `The range can be at most ${DAILY_SERIES_MAX_DAYS} days`)
  return { from: start, to: end, previous: { from: shift(start, -length), to: shift(start, -1) } }
}

/** The figures of some days of one or more businesses, added up. */
function totalsOf(figures: DayFigures[]): RangeTotals {
  const counts = figures.map((figure) => figure.counts).reduce(addRated, NO_RATED_COUNTS)
  return {
    totalSessions: counts.sessions,
    positiveSessions: counts.positive,
    negativeSessions: counts.negative,
    redirectedSessions: counts.redirected,
    conversionRate: conversionRate(counts.redirected, counts.sessions),
    averageRating: meanRating(counts.ratingSum, counts.sessions),
    filteredFeedback: counts.complaints,
    pageViews: figures.reduce((sum, figure) => sum + figure.views, 0),
    widgetViews: figures.reduce((sum, figure) => sum + figure.widgetViews, 0),
  }
}

export default class AnalyticsRange {
  #series = new DailySeries()

  /** `businesses`: the one asked for, or all the user's (oldest first), as BusinessPolicy allows. */
  async handle(businesses: Pick<Business, 'id' | 'name'>[], request: RangeRequest): Promise<AnalyticsRangeResponse> {
    const { from, to, previous } = resolveRange(request)
    const ids = businesses.map((business) => business.id)

    // Both periods in one read of each source; the range's days are the later ones.
    const figures = await this.#series.figures(ids, previous.from, to)
    const inRange = figures.filter((figure) => figure.day >= from)
    const before = figures.filter((figure) => figure.day < from)
    const of = (rows: DayFigures[], id: number) => rows.filter((figure) => figure.businessId === id)

    return {
      from,
      to,
      previous,
      timeZone: BUSINESS_TIME_ZONE,
      businessId: request.businessId ?? null,
      totals: totalsOf(inRange),
      previousTotals: totalsOf(before),
      days: DailySeries.points(daysBetween(from, to), inRange),
      businesses: businesses.map(({ id, name }) => ({
        businessId: id,
        name,
        totals: totalsOf(of(inRange, id)),
        previousTotals: totalsOf(of(before, id)),
      })),
    }
  }
}
