/*
 * The answers early-requests.ts started before the app ran: the first call of the app for one of those paths takes
 * its answer instead of asking again (once each, with the same token and workspace, within EARLY_MAX_AGE_MS of
 * sending), read as the shared fetch wrapper reads any answer. A path not asked for early, a later call, another
 * token or workspace, a non-GET: null, and the caller goes to the network as always. A failed early request (no
 * answer) is sent again normally.
 */
import { apiErrorFrom, apiWithHeaders, type ApiRequest } from '@reviewroute/web-shared/api'
import { getToken } from '@reviewroute/web-shared/token'
import { WORKSPACE_HEADER } from '#lib/workspace-store'
import type { EarlyRequests } from './early-requests'

/** Same name as early-requests.ts's EARLY_KEY (a type-only import keeps that entry out of the app's chunks). */
const EARLY_KEY = '__reviewrouteEarly'
/** Past this the app is long up; later calls want fresh answers. */
export const EARLY_MAX_AGE_MS = 30_000

export function takeEarly<T>(path: string, options: ApiRequest = {}): Promise<{ data: T; headers: Headers }> | null {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined || options.auth === false || options.signal) return null
  const early = (globalThis as unknown as Record<string, EarlyRequests | undefined>)[EARLY_KEY]
  if (!early) return null
  const pending = early.responses.get(path)
  if (!pending) return null
  early.responses.delete(path)
  const workspace = options.headers?.[WORKSPACE_HEADER] ?? null
  if (early.token !== getToken() || workspace !== (early.workspace === null ? null : String(early.workspace))) return null
  if (performance.now() - early.at > EARLY_MAX_AGE_MS) return null
  return pending.then(
    async (response) => {
      if (response.status === 204) return { data: undefined as T, headers: response.headers }
      if (!response.ok) throw await apiErrorFrom(response)
      return { data: (await response.json().catch(() => null)) as T, headers: response.headers }
    },
    () => apiWithHeaders<T>(path, options)
  )
}
