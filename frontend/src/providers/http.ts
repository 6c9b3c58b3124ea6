/*
 * Every dashboard call goes through here: the shared fetch wrapper plus docs/decisions.md D14's rule that a 401 means
 * the token is gone, so the owner is signed out and sent to /auth with a way back. Each call names the workspace it
 * acts in (`X-Workspace-Id`, lib/workspace-store.ts); a 404 for a workspace the user is no longer a member of forgets
 * it and loads the dashboard again in their default one, which says which workspace they lost when they were removed.
 */
import type { WorkspaceDto } from '@reviewroute/backend/types/api'
import { api, apiWithHeaders, ApiError, type ApiRequest } from '@reviewroute/web-shared/api'
import { clearToken } from '@reviewroute/web-shared/token'
import { signInUrl as signInUrlFor } from '@reviewroute/web-shared/redirect'
import { currentWorkspaceId, forgetWorkspace, noteLostWorkspace, WORKSPACE_ACCESS_ENDED, workspaceHeaders } from '#lib/workspace-store'
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

let checkingMembership: Promise<void> | null = null

/** The membership check a 404 started, until it has settled (and its reload, if any, been asked for). */
export const workspaceCheck = () => checkingMembership ?? Promise.resolve()

/**
 * A 404 may be the workspace's (the user was removed from it, or it was deleted) or just the thing asked for: the
 * user's workspaces, asked without naming one, tell which. Gone: forgotten, and the dashboard loads again.
 */
export function checkWorkspaceOn404(error: unknown, workspaceId: number | null) {
  if (workspaceId === null || !(error instanceof ApiError) || error.status !== 404) return
  // Removed from it: the answer names it, so the next page can say so (docs/decisions.md D56).
  const lost = lostWorkspaceName(error)
  if (lost !== null) {
    if (checkingMembership) return
    noteLostWorkspace(lost)
    forgetWorkspace()
    checkingMembership = Promise.resolve()
    window.location.reload()
    return
  }
  checkingMembership ??= api<WorkspaceDto[]>('/api/workspaces')
    .then((workspaces) => {
      if (Array.isArray(workspaces) && !workspaces.some((workspace) => workspace.id === workspaceId)) {
        forgetWorkspace()
        window.location.reload()
      }
    })
    .catch(() => undefined)
    .finally(() => {
      checkingMembership = null
    })
}

/** The workspace a 404 says the user was removed from, or null. */
export function lostWorkspaceName(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 404 || error.body.code !== WORKSPACE_ACCESS_ENDED) return null
  return typeof error.body.workspace?.name === 'string' ? error.body.workspace.name : null
}

/** Asks the server whether `workspaceId` is one the user was removed from; notes its name when it is. */
export async function noteIfLost(workspaceId: number) {
  await api(`/api/workspaces/${workspaceId}/members`).catch((error: unknown) => {
    const lost = lostWorkspaceName(error)
    if (lost !== null) noteLostWorkspace(lost)
  })
}

/** `workspace: false`: a call about the account, not about a workspace (none is named). */
export type Request = ApiRequest & { workspace?: boolean }

function send<T>(path: string, { workspace = true, ...options }: Request, run: (options: ApiRequest) => Promise<T>) {
  const workspaceId = workspace ? currentWorkspaceId() : null
  const headers = { ...workspaceHeaders(workspaceId), ...options.headers }
  return run({ ...options, ...(Object.keys(headers).length ? { headers } : {}) }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) sendToSignIn()
    checkWorkspaceOn404(error, workspaceId)
    throw error
  })
}

// The first screen's calls may already be under way (early-data.ts): their answers are taken over, once.
export const request = <T>(path: string, options: Request = {}) =>
  send(path, options, (sent) => takeEarly<T>(path, sent)?.then(({ data }) => data) ?? api<T>(path, sent))

export const requestWithHeaders = <T>(path: string, options: Request = {}) =>
  send(path, options, (sent) => takeEarly<T>(path, sent) ?? apiWithHeaders<T>(path, sent))

/**
 * The sentence to show for a failed call: the server's `error`, else the screen's default (docs/decisions.md D14), also
 * when an answer carries no sentence (a proxy's HTML error page).
 */
export function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status !== 0 && typeof error.body.error === 'string' && error.message ? error.message : fallback
}
