/*
 * The overview's numbers for one business, all from the `review-sessions` resource's totals (x-total-count),
 * so every number counts every session (the analytics answer caps its session lists at 50):
 * the 5 newest sessions and the total; sessions per star value for the internal average; sessions rated 3 or
 * below that carry feedback text.
 */
import { useList, type CrudFilter, type HttpError } from '@refinedev/core'
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'
import { POSITIVE_MIN_RATING, RECENT_ACTIVITY_COUNT } from '../../config/constants'
import { averageRating, type StarCounts } from '../../lib/ratings'

const RESOURCE = 'review-sessions'

function useSessions(businessId: number, filters: CrudFilter[], pageSize: number) {
  return useList<ReviewSessionDto, HttpError>({
    resource: RESOURCE,
    filters: [{ field: 'businessId', operator: 'eq', value: businessId }, ...filters],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize },
  })
}

/** Only the total matters; one row is the smallest page the API serves. */
const useSessionTotal = (businessId: number, filters: CrudFilter[]) => useSessions(businessId, filters, 1)
const stars = (rating: number): CrudFilter[] => [{ field: 'rating', operator: 'eq', value: rating }]

export function useOverviewStats(businessId: number) {
  const recent = useSessions(businessId, [], RECENT_ACTIVITY_COUNT)
  const perStar = [
    useSessionTotal(businessId, stars(1)),
    useSessionTotal(businessId, stars(2)),
    useSessionTotal(businessId, stars(3)),
    useSessionTotal(businessId, stars(4)),
    useSessionTotal(businessId, stars(5)),
  ]
  const feedback = useSessionTotal(businessId, [
    // Private feedback: every rating below the one that goes to Google.
    { field: 'rating', operator: 'lte', value: POSITIVE_MIN_RATING - 1 },
    { field: 'hasFeedback', operator: 'eq', value: true },
  ])

  const all = [recent, ...perStar, feedback]
  const counts = perStar.map(({ result }) => result.total ?? 0) as unknown as StarCounts
  return {
    loading: all.some(({ query }) => query.isLoading),
    error: all.find(({ query }) => query.error)?.query.error ?? null,
    retry: () => all.forEach(({ query }) => query.error && void query.refetch()),
    recent: recent.result.data ?? [],
    totalSessions: recent.result.total ?? 0,
    averageRating: averageRating(counts),
    filteredFeedback: feedback.result.total ?? 0,
  }
}
