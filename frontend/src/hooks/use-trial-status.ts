/*
 * The owner's trial and subscription status (GET /api/billing/trial-status), one cached query shared by the
 * lock guard, the trial banner, billing and profile. Callers choose their polling interval (docs/product-rules.md).
 */
import { useCustom } from '@refinedev/core'
import { useQueryClient } from '@tanstack/react-query'
import type { TrialStatusDto } from '@reviewroute/backend/types/api'
import { useCallback } from 'react'

export const TRIAL_STATUS_KEY = ['billing', 'trial-status'] as const

export function useTrialStatus({ pollMs }: { pollMs?: number } = {}) {
  const { query } = useCustom<TrialStatusDto>({
    url: '/api/billing/trial-status',
    method: 'get',
    queryOptions: { queryKey: [...TRIAL_STATUS_KEY], refetchInterval: pollMs ?? false },
  })
  // Refine's `result.data` is {} until the first answer; the query's own data is undefined until then.
  return { status: query.data?.data as TrialStatusDto | undefined, query }
}

/** After a purchase or a cancellation every screen re-reads the status. */
export function useRefreshTrialStatus() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: [...TRIAL_STATUS_KEY] }), [client])
}
