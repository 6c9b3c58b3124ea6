/*
 * How a set of businesses answers its Google reviews (docs/decisions.md D45): the reviews written in a period (by
 * Google's create time; deleted ones left out), their stars, how many have a reply, how quickly they were answered
 * and what is still unanswered. Used by `GET /api/google-reviews/stats`, the overview and the weekly summary.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import type { GoogleReviewStatsDto } from '#types/api'

export interface GoogleReviewStatsScope {
  /** The businesses counted: ids, or a subquery selecting them (e.g. `visibleBusinessIds(member)`). */
  businessIds: number[] | DatabaseQueryBuilderContract<any>
  /** Reviews created at or after `from` and at or before `to` (either may be left out). */
  from?: Date | null
  to?: Date | null
}

const EMPTY_BY_STARS = () => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 })

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

/** The counted reviews: the scope's businesses, the period, not deleted. */
function reviewsOf({ businessIds, from, to }: GoogleReviewStatsScope) {
  const query = db.from('google_reviews').whereNull('deleted_at')
  if (Array.isArray(businessIds)) query.whereIn('business_id', businessIds.length > 0 ? businessIds : [0])
  else query.whereIn('business_id', businessIds)
  if (from) query.where('create_time', '>=', from)
  if (to) query.where('create_time', '<=', to)
  return query
}

/**
 * The figures: `total` reviews (stars 0, Google's "unspecified", count in it but in no star and not in the
 * average), `averageRating` of the rated ones (two decimals), `byStars` "1".."5", `replied` (a reply is on Google),
 * `responseRate` replied / total (null without reviews), `medianResponseHours` from a review's creation to its
 * reply's last update (replies Google gave no time for left out; one decimal), `unanswered` and
 * `unansweredNegative` (of them, 1-3 stars).
 */
export async function googleReviewStats(scope: GoogleReviewStatsScope): Promise<GoogleReviewStatsDto> {
  const rows: { stars: number; total: number | string; replied: number | string; timed: number | string }[] = await reviewsOf(scope)
    .select('stars')
    .count('* as total')
    .select(db.raw('SUM(has_reply) as replied'))
    .select(db.raw('SUM(has_reply AND reply_update_time IS NOT NULL) as timed'))
    .groupBy('stars')

  const byStars: Record<string, number> = EMPTY_BY_STARS()
  let total = 0
  let replied = 0
  let timed = 0
  let rated = 0
  let starSum = 0
  let unansweredNegative = 0
  for (const row of rows) {
    const stars = Number(row.stars)
    const count = Number(row.total)
    const answered = Number(row.replied ?? 0)
    total += count
    replied += answered
    timed += Number(row.timed ?? 0)
    if (stars >= 1 && stars <= 5) {
      byStars[String(stars)] += count
      rated += count
      starSum += stars * count
    }
    if (stars >= 1 && stars <= NEGATIVE_RATING_MAX) unansweredNegative += count - answered
  }

  return {
    total,
    averageRating: rated > 0 ? round(starSum / rated, 2) : null,
    byStars,
    replied,
    responseRate: total > 0 ? round(replied / total, 4) : null,
    medianResponseHours: timed > 0 ? round((await medianResponseSeconds(scope, timed)) / 3600, 1) : null,
    unanswered: total - replied,
    unansweredNegative,
  }
}

/** The median of the replied reviews' response times in seconds (the two middle ones averaged for an even count). */
async function medianResponseSeconds(scope: GoogleReviewStatsScope, count: number) {
  const middle: { seconds: number | string }[] = await reviewsOf(scope)
    .where('has_reply', true)
    .whereNotNull('reply_update_time')
    // A reply dated before its review (clocks, an edited review) counts as answered at once.
    .select(db.raw('GREATEST(TIMESTAMPDIFF(SECOND, create_time, reply_update_time), 0) as seconds'))
    .orderBy('seconds')
    .offset(Math.floor((count - 1) / 2))
    .limit(count % 2 === 1 ? 1 : 2)
  const values = middle.map((row) => Number(row.seconds))
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)
}
