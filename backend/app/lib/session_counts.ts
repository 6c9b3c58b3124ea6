/*
 * Session counts of one business, read from analytics_daily for rolled-up days and from review_sessions for
 * the days after (today at least). Both paths count the same way, so the sum equals counting the raw rows.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BUSINESS_TIME_ZONE, NEGATIVE_RATING_MAX, POSITIVE_RATING_MIN, POSITIVE_RATINGS } from '#lib/constants'
import { istDaySql, istDayStart } from '#lib/time'
import type { ListParams } from '#lib/list_query'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { RequestSource } from '#contract/integrations'

/** The ids of the businesses a user may see, as the policies give them (BusinessPolicy.visibleIds). */
type BusinessIds = DatabaseQueryBuilderContract<any>

/** The one row of analytics_rollup_state. */
export const ROLLUP_STATE_ID = 1

/** The last IST day whose totals live in analytics_daily (null: none yet). */
export async function rolledThrough(): Promise<string | null> {
  const row = await db.from('analytics_rollup_state').where('id', ROLLUP_STATE_ID).first()
  return row?.rolled_through ? String(row.rolled_through).slice(0, 10) : null
}

export interface Counts {
  sessions: number
  positive: number
  negative: number
  redirected: number
  /** Private feedback: a low rating with text (`is_complaint`, migration 0011; rolled up since migration 0041). */
  complaints: number
}

const ZERO: Counts = { sessions: 0, positive: 0, negative: 0, redirected: 0, complaints: 0 }

const toCounts = (row: any): Counts => ({
  sessions: Number(row?.sessions ?? 0),
  positive: Number(row?.positive ?? 0),
  negative: Number(row?.negative ?? 0),
  redirected: Number(row?.redirected ?? 0),
  complaints: Number(row?.complaints ?? 0),
})

const add = (a: Counts, b: Counts): Counts => ({
  sessions: a.sessions + b.sessions,
  positive: a.positive + b.positive,
  negative: a.negative + b.negative,
  redirected: a.redirected + b.redirected,
  complaints: a.complaints + b.complaints,
})

const rawCounts = () => [
  db.raw('COUNT(*) AS sessions'),
  db.raw('SUM(rating >= ?) AS positive', [POSITIVE_RATING_MIN]),
  db.raw('SUM(rating <= ?) AS negative', [NEGATIVE_RATING_MAX]),
  db.raw('SUM(redirected) AS redirected'),
  db.raw('SUM(is_complaint) AS complaints'),
]

const rolledCounts = () => [
  db.raw('SUM(sessions) AS sessions'),
  db.raw('SUM(positive) AS positive'),
  db.raw('SUM(negative) AS negative'),
  db.raw('SUM(redirected) AS redirected'),
  db.raw('SUM(complaints) AS complaints'),
]

/**
 * The ids themselves, for the reads across businesses: given a subquery of them, MySQL joins review_sessions by
 * business_id alone and reads every rating of a big business (2.7 s at 10,000,000) to keep today's; given the list,
 * it seeks each business's time range on its index (~20 ms).
 */
async function idsOf(businessIds: (() => BusinessIds) | number[]): Promise<number[]> {
  if (Array.isArray(businessIds)) return businessIds
  const rows: { id: number }[] = await businessIds()
  return rows.map((row) => Number(row.id))
}

/** UTC instant from which raw rows are read: the start of the day after the watermark. */
const liveFrom = (watermark: string | null) =>
  watermark ? istDayStart(DateTime.fromISO(watermark).plus({ days: 1 }).toISODate()!).toJSDate() : null

export async function totalCounts(businessId: number): Promise<Counts> {
  const watermark = await rolledThrough()
  const from = liveFrom(watermark)
  const live = db.from('review_sessions').where('business_id', businessId).select(rawCounts())
  if (from) live.where('created_at', '>=', from)
  const [rolled, raw] = await Promise.all([
    watermark
      ? db.from('analytics_daily').where('business_id', businessId).where('day', '<=', watermark).select(rolledCounts()).first()
      : null,
    live.first(),
  ])
  return add(rolled ? toCounts(rolled) : ZERO, toCounts(raw))
}

/** One business's counts with their rating sum on one IST day ('YYYY-MM-DD'). */
export interface DayCounts {
  businessId: number
  day: string
  counts: RatedCounts
}

/**
 * Counts per business and IST day for the days `fromDay` to `toDay` (both included) of these businesses; quiet
 * days are absent. Rolled-up days come from analytics_daily, the days after the watermark from the raw rows.
 */
export async function dailyCounts(businessIds: number[], fromDay: string, toDay: string, source?: RequestSource): Promise<DayCounts[]> {
  if (businessIds.length === 0) return []
  // The rollups do not split by source: the ratings of one are counted from their rows (docs/decisions.md D72).
  if (source) return bySourceDailyCounts(businessIds, fromDay, toDay, source)
  const watermark = await rolledThrough()
  const liveStart = liveFrom(watermark)
  const dayStart = istDayStart(fromDay).toJSDate()
  const rolledTo = watermark && watermark < toDay ? watermark : toDay
  const [rolledRows, rawRows] = await Promise.all([
    watermark && rolledTo >= fromDay
      ? db
          .from('analytics_daily')
          .whereIn('business_id', businessIds)
          .whereBetween('day', [fromDay, rolledTo])
          .select('business_id', 'day', 'sessions', 'positive', 'negative', 'redirected', 'complaints', 'rating_sum')
      : [],
    db
      .from('review_sessions')
      .whereIn('business_id', businessIds)
      .where('created_at', '>=', liveStart && liveStart > dayStart ? liveStart : dayStart)
      .where('created_at', '<', istDayStart(toDay).plus({ days: 1 }).toJSDate())
      .select('business_id', db.raw(`${istDaySql('created_at')} AS day`), ...rawCounts(), db.raw('SUM(rating) AS rating_sum'))
      .groupBy('business_id', 'day'),
  ])
  return [...rolledRows, ...rawRows].map((row: any) => ({
    businessId: Number(row.business_id),
    day: String(row.day).slice(0, 10),
    counts: { ...toCounts(row), ratingSum: Number(row.rating_sum ?? 0) },
  }))
}

/**
 * The ratings that came from one source: through a request sent by hand, from a CSV, by the visit hook or an
 * integration, or through a staff member's link without a request (`staff_link`).
 */
export const ofSource = <Q extends DatabaseQueryBuilderContract<any>>(query: Q, source: RequestSource): Q =>
  (source === 'staff_link'
    ? query.whereNull('review_request_id').whereNotNull('staff_id')
    : query.whereIn('review_request_id', db.from('review_requests').where('source', source).select('id'))) as Q

async function bySourceDailyCounts(businessIds: number[], fromDay: string, toDay: string, source: RequestSource) {
  const rows = await ofSource(
    db
      .from('review_sessions')
      .whereIn('business_id', businessIds)
      .where('created_at', '>=', istDayStart(fromDay).toJSDate())
      .where('created_at', '<', istDayStart(toDay).plus({ days: 1 }).toJSDate()),
    source
  )
    .select('business_id', db.raw(`${istDaySql('created_at')} AS day`), ...rawCounts(), db.raw('SUM(rating) AS rating_sum'))
    .groupBy('business_id', 'day')
  return rows.map((row: any) => ({
    businessId: Number(row.business_id),
    day: String(row.day).slice(0, 10),
    counts: { ...toCounts(row), ratingSum: Number(row.rating_sum ?? 0) },
  }))
}

/**
 * The counts of one business among these (null when it is not one of them), for the totals of its unfiltered
 * session and feedback lists: a business with a million sessions is not counted row by row on every page.
 */
async function visibleBusinessCounts(businessIds: BusinessIds, businessId: number): Promise<Counts | null> {
  const visible = await db.from('businesses').where('id', businessId).whereIn('id', businessIds).select('id').first()
  return visible ? totalCounts(businessId) : null
}

/**
 * `knownTotal` for paginate: the total of a session list filtered by its business alone, from these counts
 * (rollups plus live rows, exact) instead of a COUNT over every row; null (count them) for any other filter.
 */
export function businessListTotal(businessIds: BusinessIds, pick: (counts: Counts) => number) {
  return async (params: ListParams) => {
    const filters = params.filterNames()
    if (filters.length !== 1 || filters[0] !== 'businessId') return null
    const counts = await visibleBusinessCounts(businessIds, Number(params.get('businessId')))
    return counts ? pick(counts) : null
  }
}

/** Counts plus the sum of their ratings, from which the mean rating follows. */
export interface RatedCounts extends Counts {
  ratingSum: number
}

export const NO_RATED_COUNTS: RatedCounts = { ...ZERO, ratingSum: 0 }

export const addRated = (a: RatedCounts, b: RatedCounts): RatedCounts => ({ ...add(a, b), ratingSum: a.ratingSum + b.ratingSum })

/**
 * The counts of each of these businesses, by business id (businesses without sessions are absent), read the
 * same way as totalCounts: rollups through the watermark, raw rows after it.
 */
export async function countsOfBusinesses(businessIds: (() => BusinessIds) | number[]): Promise<Map<number, RatedCounts>> {
  const [ids, watermark] = await Promise.all([idsOf(businessIds), rolledThrough()])
  if (ids.length === 0) return new Map()
  const from = liveFrom(watermark)
  const live = db
    .from('review_sessions')
    .whereIn('business_id', ids)
    .select('business_id', ...rawCounts(), db.raw('SUM(rating) AS rating_sum'))
    .groupBy('business_id')
  if (from) live.where('created_at', '>=', from)
  const [rolled, raw] = await Promise.all([
    watermark
      ? db
          .from('analytics_daily')
          .whereIn('business_id', ids)
          .where('day', '<=', watermark)
          .select('business_id', ...rolledCounts(), db.raw('SUM(rating_sum) AS rating_sum'))
          .groupBy('business_id')
      : [],
    live,
  ])
  const byBusiness = new Map<number, RatedCounts>()
  for (const row of [...rolled, ...raw]) {
    const counts = { ...toCounts(row), ratingSum: Number(row.rating_sum ?? 0) }
    byBusiness.set(row.business_id, addRated(byBusiness.get(row.business_id) ?? NO_RATED_COUNTS, counts))
  }
  return byBusiness
}

/** Mean star rating to one decimal, as the dashboard shows it; null without ratings. */
export const meanRating = (ratingSum: number, ratings: number) =>
  ratings === 0 ? null : Math.round((ratingSum / ratings + Number.EPSILON) * 10) / 10

/** Ratings of 4-5 stars (the ones sent on to Google) and the sum of their stars. */
export interface PositiveCounts {
  ratings: number
  ratingSum: number
}

/**
 * The 4-5 star ratings of each of these businesses since the instant `since`, by business id (businesses without
 * any are absent): the whole IST days after `since` that are rolled up from analytics_daily (`positive`,
 * `positive_rating_sum`), the rest (the part of `since`'s own day after it, the days after the watermark) from the
 * raw rows on the (business, rating, created_at) index. Exact, as counting the raw rows since `since` is.
 */
export async function positiveSince(businessIds: (() => BusinessIds) | number[], since: Date): Promise<Map<number, PositiveCounts>> {
  const [ids, watermark] = await Promise.all([idsOf(businessIds), rolledThrough()])
  if (ids.length === 0) return new Map()
  const firstWholeDay = DateTime.fromJSDate(since).setZone(BUSINESS_TIME_ZONE).startOf('day').plus({ days: 1 }).toISODate()!
  const rolled = watermark !== null && watermark >= firstWholeDay
  const live = db
    .from('review_sessions')
    .whereIn('business_id', ids)
    .whereIn('rating', POSITIVE_RATINGS)
    .groupBy('business_id')
    .select('business_id', db.raw('COUNT(*) AS ratings'), db.raw('SUM(rating) AS rating_sum'))
  if (rolled) {
    // Before the first rolled day, and after the watermark.
    live.where((range) =>
      range
        .where((before) => before.where('created_at', '>=', since).where('created_at', '<', istDayStart(firstWholeDay).toJSDate()))
        .orWhere('created_at', '>=', liveFrom(watermark)!)
    )
  } else {
    live.where('created_at', '>=', since)
  }
  const [rolledRows, rawRows] = await Promise.all([
    rolled
      ? db
          .from('analytics_daily')
          .whereIn('business_id', ids)
          .whereBetween('day', [firstWholeDay, watermark!])
          .groupBy('business_id')
          .select('business_id', db.raw('SUM(positive) AS ratings'), db.raw('SUM(positive_rating_sum) AS rating_sum'))
      : [],
    live,
  ])
  const byBusiness = new Map<number, PositiveCounts>()
  for (const row of [...rolledRows, ...rawRows]) {
    const id = Number(row.business_id)
    const sum = byBusiness.get(id) ?? { ratings: 0, ratingSum: 0 }
    byBusiness.set(id, { ratings: sum.ratings + Number(row.ratings ?? 0), ratingSum: sum.ratingSum + Number(row.rating_sum ?? 0) })
  }
  for (const [id, counts] of byBusiness) if (counts.ratings === 0) byBusiness.delete(id)
  return byBusiness
}
