/*
 * The one fetch wrapper of the site, the review page and the dashboard. Errors carry the server's sentence
 * (docs/decisions.md D13, D14: users see `error`, never a status code or raw JSON) and the status for callers that
 * branch on it (401, 403 upgrade, 429).
 */
import type { ApiErrorBody } from '@reviewroute/backend/types/api'
import { retryAfterSeconds, TOO_MANY_REQUESTS_UNTIMED, tooManyRequestsText } from '@reviewroute/backend/contract/waiting'
import { getToken } from './token'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiErrorBody> = {}
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get upgrade() {
    return this.body.upgrade === true
  }

  /** A 429's wait in seconds (its Retry-After), when the answer said. */
  get retryAfter() {
    const seconds = this.body.retryAfter
    return typeof seconds === 'number' && seconds > 0 ? seconds : null
  }
}

/** A free-plan limit (docs/product-rules.md#errors): the server's 403 with `upgrade: true`, whatever its sentence says. */
export const isLimitError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403 && error.upgrade

/** The server's 422 messages by field (the first per field); empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {}
  if (!(error instanceof ApiError) || error.status !== 422) return found
  for (const { field, message } of error.body.errors ?? []) found[field] ??= message
  return found
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  /** Sends `body` (a string) as it is with this type instead of as JSON: the customers' CSV import. */
  contentType?: string
  /** false: never send the owner's token (the public review calls, docs/product-rules.md#tenancy). */
  auth?: boolean
  /** Further request headers: the dashboard's `X-Workspace-Id`, the workspace a call acts in. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** Sentence for a failure without a server sentence (network down, HTML error page, ...). */
export const NETWORK_ERROR = 'Could not reach ReviewRoute. Check your connection and try again.'

export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, request)).data
}

/** `api` plus the response headers (the dashboard's list calls read `x-total-count`). */
export async function apiWithHeaders<T>(
  path: string,
  { method = 'GET', body, contentType, auth = true, headers: extra, signal }: ApiRequest = {}
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra }
  if (body !== undefined) headers['Content-Type'] = contentType ?? 'application/json'
  const token = auth ? getToken() : null
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined || contentType ? (body as string | undefined) : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiError(0, NETWORK_ERROR)
  }

  if (response.status === 204) return { data: undefined as T, headers: response.headers }
  if (!response.ok) throw await apiErrorFrom(response)
  return { data: (await response.json().catch(() => null)) as T, headers: response.headers }
}

/**
 * The ApiError of a failed answer: the server's sentence from its JSON body, else the network sentence. A 429 says
 * how long to wait (backend/contract/waiting.ts): its Retry-After in words in place of a missing or untimed sentence
 * (a proxy's page, an older server); a sentence of the server's own that names its wait stays.
 */
export async function apiErrorFrom(response: Response) {
  const payload = await response.json().catch(() => null)
  let sentence = typeof payload?.error === 'string' ? payload.error : NETWORK_ERROR
  const body = { ...(payload && typeof payload === 'object' ? payload : {}) } as Partial<ApiErrorBody>
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response.headers.get('retry-after')) ?? (typeof body.retryAfter === 'number' ? body.retryAfter : null)
    if (seconds !== null) body.retryAfter = seconds
    if (seconds !== null && (typeof payload?.error !== 'string' || payload.error === TOO_MANY_REQUESTS_UNTIMED))
      sentence = tooManyRequestsText(seconds)
  }
  return new ApiError(response.status, sentence, body)
}
