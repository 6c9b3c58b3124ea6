/*
 * Every dashboard call goes through here: the shared fetch wrapper plus docs/decisions.md D14's rule that a 401 means
 * the token is gone, so the owner is signed out and sent to /auth with a way back.
 */
import { api, apiWithHeaders, ApiError, type ApiRequest } from '@reviewroute/web-shared/api'
import { clearToken } from '@reviewroute/web-shared/token'
import { signInUrl as signInUrlFor } from '@reviewroute/web-shared/redirect'
import { takeEarly } from './early-data'

export { ApiError }

/** `/auth?mode=signin&redirect={where the owner was}` */
export function signInUrl(location: Pick<Location, 'pathname' | 'search'> = window.location) {
  return signInUrlFor(location.pathname + location.search)
}

export function sendToSignIn() {
  clearToken()
  window.location.assign(signInUrl())
}

function signOutOn401(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) sendToSignIn()
  throw error
}

// The first screen's calls may already be under way (early-data.ts): their answers are taken over, once.
export const request = <T>(path: string, options?: ApiRequest) =>
  (takeEarly<T>(path, options)?.then(({ data }) => data) ?? api<T>(path, options)).catch(signOutOn401)

export const requestWithHeaders = <T>(path: string, options?: ApiRequest) =>
  (takeEarly<T>(path, options) ?? apiWithHeaders<T>(path, options)).catch(signOutOn401)

/**
 * The sentence to show for a failed call: the server's `error`, else the screen's default (docs/decisions.md D14), also
 * when an answer carries no sentence (a proxy's HTML error page).
 */
export function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status !== 0 && typeof error.body.error === 'string' && error.message ? error.message : fallback
}
