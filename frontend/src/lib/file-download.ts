/*
 * Files the server makes (the account export, invoice PDFs): fetched with the token in the Authorization header,
 * never in a URL where logs and history keep it, in the workspace the dashboard acts in (`X-Workspace-Id`, as every
 * call), and saved under the server's file name.
 */
import { ApiError, NETWORK_ERROR, apiErrorFrom } from '@reviewroute/web-shared/api'
import { download } from '@reviewroute/web-shared/download'
import { getToken } from '@reviewroute/web-shared/token'
import { checkWorkspaceOn404, sendToSignIn } from '#providers/http'
import { currentWorkspaceId, workspaceHeaders } from './workspace-store'

/**
 * The file name of a `Content-Disposition: attachment` header: `filename*=UTF-8''…` first, then `filename="…"`,
 * without any folder part; the fallback when there is none.
 */
export function attachmentFileName(disposition: string | null, fallback: string) {
  if (!disposition) return fallback
  let name: string | undefined
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(disposition)
  if (extended) {
    try {
      name = decodeURIComponent(extended[1])
    } catch {
      name = undefined
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(disposition)
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]
  }
  return name?.split(/[/\\]/).pop()?.trim() || fallback
}

/**
 * Fetches a file the owner may read: the body is a file, so the JSON wrapper of `api()` does not fit. Errors are
 * `ApiError`s with the server's sentence (a refusal is JSON, so `accept` should list it), and a 401 signs out like
 * every other call (providers/http.ts).
 */
export async function fetchFile(path: string, accept: string): Promise<{ blob: Blob; disposition: string | null }> {
  const workspaceId = currentWorkspaceId()
  const headers: Record<string, string> = { Accept: accept, ...workspaceHeaders(workspaceId) }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(path, { headers })
  } catch {
    throw new ApiError(0, NETWORK_ERROR)
  }
  if (!response.ok) {
    const error = await apiErrorFrom(response)
    if (response.status === 401) sendToSignIn()
    checkWorkspaceOn404(error, workspaceId)
    throw error
  }
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') }
}

/** Fetches and saves a file under the server's name, else `fallback`. Resolves to the saved name. */
export async function downloadFile(path: string, { accept, fallback }: { accept: string; fallback: string }): Promise<string> {
  const { blob, disposition } = await fetchFile(path, accept)
  const fileName = attachmentFileName(disposition, fallback)
  download(blob, fileName)
  return fileName
}
