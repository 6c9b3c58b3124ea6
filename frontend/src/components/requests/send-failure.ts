/* What a refused send means for the owner: the plan's limit (upgrade), an opted-out customer, or anything else. */
import { isLimitError } from '@reviewroute/web-shared/api'
import { errorText } from '#providers/http'

export type SendFailure = { kind: 'limit' | 'refused'; message: string }

export function sendFailure(error: unknown): SendFailure {
  if (isLimitError(error)) return { kind: 'limit', message: error.message }
  return { kind: 'refused', message: errorText(error, 'Could not create the request. Please try again.') }
}
