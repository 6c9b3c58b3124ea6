/*
 * POST /api/review/{code}/submit. Not through web-shared's `api`: the request goes with `keepalive`, so a 4-5 still
 * reaches the server when the page leaves for Google before the answer. Failures are the same ApiError.
 */
import type { SubmitReviewRequest, SubmitReviewResponse } from '@reviewroute/backend/types/api'
import { ApiError, apiErrorFrom } from '@reviewroute/web-shared/api'

export async function submitRating(code: string, body: SubmitReviewRequest): Promise<SubmitReviewResponse> {
  let response: Response
  try {
    response = await fetch(`/api/review/${encodeURIComponent(code)}/submit`, {
      method: 'POST',
      headers: { 'Accept': 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    })
  } catch {
    throw new ApiError(0, '')
  }
  if (!response.ok) throw await apiErrorFrom(response)
  return (await response.json()) as SubmitReviewResponse
}
