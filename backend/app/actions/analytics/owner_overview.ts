/*
 * The dashboard overview's numbers (GET /api/overview) for each business the member sees and for all of them:
 * sessions and their mean rating from rollups plus live rows (session_counts), and private feedback counted on
 * its own index (is_complaint, migration 0011), so no business's sessions are counted row by row. Each business
 * also gets its 4-5 star ratings of the last 90 days (count and mean) for its review projections (D37). A workspace
 * with a Google connection also gets its visible businesses' Google reviews: unanswered and the response rate (D47).
 */
import db from '@adonisjs/lucid/services/db'
import type Member from '#policies/member'
import BusinessPolicy from '#policies/business_policy'
import { addRated, meanRating, NO_RATED_COUNTS, countsOfBusinesses, type RatedCounts } from '#lib/session_counts'
import { clock } from '#lib/clock'
import { POSITIVE_RATINGS } from '#lib/constants'
import { PROJECTION_RECENT_DAYS } from '#contract/product_rules'
import { googleReviewStats } from '#actions/google/google_review_stats'
import type { OverviewCounts, OverviewGoogleReviews, OverviewResponse, RecentGoogleRatings } from '#types/api'

const overviewCounts = (counts: RatedCounts, filteredFeedback: number): OverviewCounts => ({
  totalSessions: counts.sessions,
  positiveSessions: counts.positive,
  negativeSessions: counts.negative,
  redirectedSessions: counts.redirected,
  averageRating: meanRating(counts.ratingSum, counts.sessions),
  filteredFeedback,
})

export default class OwnerOverview {
  async handle(member: Member): Promise<OverviewResponse> {
    const [businesses, counts, feedback, recentGoogle, googleReviews] = await Promise.all([
      BusinessPolicy.visibleIds(member).orderBy('created_at', 'asc').orderBy('id', 'asc'),
      countsOfBusinesses(() => BusinessPolicy.visibleIds(member)),
      this.feedbackCounts(member),
      this.recentGoogleRatings(member),
      this.googleReviews(member),
    ])
    const ids: number[] = businesses.map((business) => business.id)
    const countsOf = (id: number) => counts.get(id) ?? NO_RATED_COUNTS
    const feedbackOf = (id: number) => feedback.get(id) ?? 0
    return {
      totals: {
        businesses: ids.length,
        ...overviewCounts(
          ids.map(countsOf).reduce(addRated, NO_RATED_COUNTS),
          ids.map(feedbackOf).reduce((a, b) => a + b, 0)
        ),
      },
      businesses: ids.map((id) => ({
        businessId: id,
        ...overviewCounts(countsOf(id), feedbackOf(id)),
        ...(recentGoogle.get(id) ?? { recentGoogleRatings: 0, recentGoogleAverage: null }),
      })),
      ...(googleReviews ? { googleReviews } : {}),
    }
  }

  /** Without a Google connection (working or not) of the workspace: nothing, and the answer has no such field. */
  private async googleReviews(member: Member): Promise<OverviewGoogleReviews | null> {
    const connection = await db.from('google_connections').where('workspace_id', member.workspaceId).select('id').first()
    if (!connection) return null
    const stats = await googleReviewStats({ businessIds: BusinessPolicy.visibleIds(member) })
    return {
      total: stats.total,
      unanswered: stats.unanswered,
      unansweredNegative: stats.unansweredNegative,
      responseRate: stats.responseRate,
    }
  }

  /**
   * The 4-5 star ratings (the ones sent on to Google) of the last PROJECTION_RECENT_DAYS days, by business:
   * `rating IN (4, 5)` reads each rating's time range from the (business, rating, created_at) index alone.
   */
  private async recentGoogleRatings(member: Member) {
    const rows = await db
      .from('review_sessions')
      .whereIn('business_id', BusinessPolicy.visibleIds(member))
      .whereIn('rating', POSITIVE_RATINGS)
      .where('created_at', '>=', clock.now().minus({ days: PROJECTION_RECENT_DAYS }).toJSDate())
      .groupBy('business_id')
      .select('business_id', db.raw('COUNT(*) AS total'), db.raw('SUM(rating) AS rating_sum'))
    return new Map<number, RecentGoogleRatings>(
      rows.map((row) => {
        const total = Number(row.total)
        const average = Math.round((Number(row.rating_sum) / total + Number.EPSILON) * 100) / 100
        return [row.business_id, { recentGoogleRatings: total, recentGoogleAverage: average }]
      })
    )
  }

  /** Sessions rated below the Google threshold with feedback text, by business: an index-only count. */
  private async feedbackCounts(member: Member) {
    const rows = await db
      .from('review_sessions')
      .whereIn('business_id', BusinessPolicy.visibleIds(member))
      .where('is_complaint', 1)
      .groupBy('business_id')
      .select('business_id', db.raw('COUNT(*) AS total'))
    return new Map<number, number>(rows.map((row) => [row.business_id, Number(row.total)]))
  }
}
