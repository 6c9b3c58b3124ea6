/*
 * The dashboard overview's numbers (GET /api/overview) for each business the member sees and for all of them:
 * sessions, their mean rating and private feedback (is_complaint, migration 0011) from rollups plus live rows
 * (session_counts), so no business's sessions are counted row by row. Each business also gets its 4-5 star ratings
 * of the last 90 days (count and mean) for its review projections (D37), from rollups for the whole days. A workspace
 * with a Google connection also gets its visible businesses' Google reviews: unanswered and the response rate (D47).
 */
import db from '@adonisjs/lucid/services/db'
import type Member from '#policies/member'
import BusinessPolicy from '#policies/business_policy'
import { addRated, meanRating, NO_RATED_COUNTS, countsOfBusinesses, positiveSince, type RatedCounts } from '#lib/session_counts'
import { clock } from '#lib/clock'
import { PROJECTION_RECENT_DAYS } from '#contract/product_rules'
import { googleReviewStats } from '#queries/google_review_stats'
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
    const [businesses, counts, recentGoogle, googleReviews] = await Promise.all([
      BusinessPolicy.visibleIds(member).orderBy('created_at', 'asc').orderBy('id', 'asc'),
      countsOfBusinesses(() => BusinessPolicy.visibleIds(member)),
      this.recentGoogleRatings(member),
      this.googleReviews(member),
    ])
    const ids: number[] = businesses.map((business) => business.id)
    const countsOf = (id: number) => counts.get(id) ?? NO_RATED_COUNTS
    const feedbackOf = (id: number) => countsOf(id).complaints
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

  /** The 4-5 star ratings (the ones sent on to Google) of the last PROJECTION_RECENT_DAYS days, by business. */
  private async recentGoogleRatings(member: Member) {
    const since = clock.now().minus({ days: PROJECTION_RECENT_DAYS }).toJSDate()
    const counts = await positiveSince(() => BusinessPolicy.visibleIds(member), since)
    return new Map<number, RecentGoogleRatings>(
      [...counts].map(([id, { ratings, ratingSum }]) => {
        const average = Math.round((ratingSum / ratings + Number.EPSILON) * 100) / 100
        return [id, { recentGoogleRatings: ratings, recentGoogleAverage: average }]
      })
    )
  }
}
