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
import type { AnalyticsRangeResponse, RangeTotals, RatingSourceDto } from '#types/api'
import type { RequestSource } from '#contract/integrations'
import db from '@adonisjs/lucid/services/db'
import { istDayStart } from '#lib/time'

export interface RangeRequest {
  from?: string
  to?: string
  businessId?: number
  /** Only the ratings of one source (docs/decisions.md D72). */
  source?: RequestSource
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

/** Sources with as many ratings: the integrations first, the page last. */
const SOURCE_ORDER: RatingSourceDto['source'][] = ['integration', 'manual', 'csv', 'visit_hook', 'staff_link', 'page']

/**
 * The range's ratings by where they came from: a request's source (each integration its own row), a staff member's
 * link, or the page itself (the QR poster and the review link), the most first.
 */
async function ratingSources(businessIds: number[], from: string, to: string): Promise<RatingSourceDto[]> {
  if (businessIds.length === 0) return []
  const rows = await db
    .from('review_sessions as s')
    .leftJoin('review_requests as r', 'r.id', 's.review_request_id')
    .leftJoin('integrations as i', 'i.id', 'r.integration_id')
    .whereIn('s.business_id', businessIds)
    .where('s.created_at', '>=', istDayStart(from).toJSDate())
    .where('s.created_at', '<', istDayStart(to).plus({ days: 1 }).toJSDate())
    .select(
      db.raw("COALESCE(r.source, CASE WHEN s.staff_id IS NOT NULL THEN 'staff_link' ELSE 'page' END) AS source"),
      'r.integration_id',
      'i.provider'
    )
    .count('* as ratings')
    .sum({ sentToGoogle: db.raw('CASE WHEN s.redirected THEN 1 ELSE 0 END') })
    .groupBy('source', 'r.integration_id', 'i.provider')
  return rows
    .map((row: any) => ({
      source: row.source,
      integrationId: row.integration_id ?? null,
      provider: row.provider ?? null,
      ratings: Number(row.ratings),
      sentToGoogle: Number(row.sentToGoogle ?? 0),
    }))
    .sort((a, b) => b.ratings - a.ratings || SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source))
}

export default class AnalyticsRange {
  #series = new DailySeries()

  /** `businesses`: the one asked for, or all the user's (oldest first), as BusinessPolicy allows. */
  async handle(businesses: Pick<Business, 'id' | 'name'>[], request: RangeRequest): Promise<AnalyticsRangeResponse> {
    const { from, to, previous } = resolveRange(request)
    const ids = businesses.map((business) => business.id)

    // Both periods in one read of each source; the range's days are the later ones.
    const [figures, sources] = await Promise.all([
      this.#series.figures(ids, previous.from, to, request.source),
      ratingSources(ids, from, to),
    ])
    const inRange = figures.filter((figure) => figure.day >= from)
    const before = figures.filter((figure) => figure.day < from)
    const of = (rows: DayFigures[], id: number) => rows.filter((figure) => figure.businessId === id)

    return {
      from,
      to,
      previous,
      timeZone: BUSINESS_TIME_ZONE,
      businessId: request.businessId ?? null,
      source: request.source ?? null,
      sources,
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
