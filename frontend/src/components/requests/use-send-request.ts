/* Sending a review request is creating one in the `review-requests` resource: its lists are read again after. */
import { useCreate, type HttpError } from '@refinedev/core'
import type { CreateReviewRequestRequest, ReviewRequestDto } from '@reviewroute/backend/types/api'
import { useCallback } from 'react'

export function useSendRequest() {
  const { mutateAsync } = useCreate<ReviewRequestDto, HttpError, CreateReviewRequestRequest>()
  return useCallback(
    async (values: CreateReviewRequestRequest) => (await mutateAsync({ resource: 'review-requests', values })).data,
    [mutateAsync]
  )
}
