/*
 * The overview's numbers for one business: its counts from GET /api/overview (one answer for all of the owner's
 * businesses, computed by the server from its rollups: every session, the internal average, private feedback)
 * and its 5 newest sessions from the `review-sessions` resource.
 */
import { useCustom, useList, type HttpError } from '@refinedev/core'
import type { OverviewResponse, ReviewSessionDto } from '@reviewroute/backend/types/api'
import { RECENT_ACTIVITY_COUNT } from '#config/constants'
import { statCountsOf } from '#lib/overview-texts'

export function useOverviewStats(businessId: number) {
  const overview = useCustom<OverviewResponse, HttpError>({ url: '/api/overview', method: 'get' })
  const recent = useList<ReviewSessionDto, HttpError>({
    resource: 'review-sessions',
    filters: [{ field: 'businessId', operator: 'eq', value: businessId }],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: RECENT_ACTIVITY_COUNT },
  })

  // Refine's `result.data` is {} until the first answer; the query's own data is undefined until then.
  const counts = overview.query.data?.data.businesses.find((entry) => entry.businessId === businessId)
  const queries = [overview.query, recent.query]
  return {
    loading: queries.some((query) => query.isLoading),
    error: queries.find((query) => query.error)?.error ?? null,
    retry: () => queries.forEach((query) => query.error && void query.refetch()),
    recent: recent.result.data ?? [],
    ...statCountsOf(counts),
    /** Its 4-5 star ratings of the last 90 days, for the review projections (docs/decisions.md D37); null until loaded. */
    googleRatings: counts ? { recentGoogleRatings: counts.recentGoogleRatings, recentGoogleAverage: counts.recentGoogleAverage } : null,
    /** The Google reviews of the member's businesses, for a workspace with a Google connection only (docs/decisions.md D47). */
    googleReviews: overview.query.data?.data.googleReviews ?? null,
  }
}
