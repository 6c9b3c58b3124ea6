/* The owner's data rights (docs/decisions.md D29): saving the export under the server's file name, and where deleting ends. */
import { ApiError, NETWORK_ERROR, apiErrorFrom } from '@reviewroute/web-shared/api'
import { download } from '@reviewroute/web-shared/download'
import { getToken } from '@reviewroute/web-shared/token'
import { sendToSignIn } from '#providers/http'

export const EXPORT_PATH = '/api/account/export'
export const EXPORT_FALLBACK_FILE_NAME = 'reviewroute-export.json'
/** Shared with the site, whose front door says the account is gone when it opens at AFTER_DELETE_URL. */
export { AFTER_DELETE_URL, TAX_RECORD_YEARS } from '@reviewroute/web-shared/constants'

/**
 * The file name of a `Content-Disposition: attachment` header: `filename*=UTF-8''…` first, then `filename="…"`,
 * without any folder part; the fallback when there is none.
 */
export function attachmentFileName(disposition: string | null, fallback = EXPORT_FALLBACK_FILE_NAME) {
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
 * Fetches the export with the token in the Authorization header (never in a URL, where logs and history keep it)
 * and saves it; the body is a file, so the JSON wrapper of `api()` does not fit. Errors are `ApiError`s with the
 * server's sentence, and a 401 signs out like every other call (providers/http.ts). Resolves to the saved name.
 */
export async function downloadAccountExport(): Promise<string> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(EXPORT_PATH, { headers })
  } catch {
    throw new ApiError(0, NETWORK_ERROR)
  }
  if (!response.ok) {
    const error = await apiErrorFrom(response)
    if (response.status === 401) sendToSignIn()
    throw error
  }

  const fileName = attachmentFileName(response.headers.get('Content-Disposition'))
  download(await response.blob(), fileName)
  return fileName
}
