/* GET /api/analytics/range for one business or all of the owner's, and the error line the range screens show. */
import { useCustom, type HttpError } from '@refinedev/core'
import type { AnalyticsRangeResponse } from '@reviewroute/backend/types/api'
import { keepPreviousData } from '@tanstack/react-query'
import { Alert, Button } from 'antd'
import type { DayRange } from '#lib/date-range'
import { errorText } from '#providers/http'

/** One business's figures (`businessId`), else all of the owner's; nothing is asked while `enabled` is false. */
export function useAnalyticsRange(range: DayRange, { businessId, enabled = true }: { businessId?: number; enabled?: boolean } = {}) {
  const { query } = useCustom<AnalyticsRangeResponse, HttpError>({
    url: '/api/analytics/range',
    method: 'get',
    config: { query: businessId === undefined ? { ...range } : { ...range, businessId } },
    // The last period's figures stay while another loads, so the screen does not jump.
    queryOptions: { enabled, placeholderData: keepPreviousData },
  })
  return { data: query.data?.data, loading: query.isLoading, error: query.error, retry: () => void query.refetch() }
}

export function RangeError({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={errorText(error, 'Failed to fetch analytics')}
      action={
        <Button size="small" onClick={retry}>
          Try Again
        </Button>
      }
    />
  )
}
