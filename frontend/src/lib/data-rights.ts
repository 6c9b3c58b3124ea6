/* The owner's data rights (docs/decisions.md D29): saving the export under the server's file name, and where deleting ends. */
import { attachmentFileName as fileNameOf, downloadFile } from './file-download'

export const EXPORT_PATH = '/api/account/export'
export const EXPORT_FALLBACK_FILE_NAME = 'reviewroute-export.json'
/** Shared with the site, whose front door says the account is gone when it opens at AFTER_DELETE_URL. */
export { AFTER_DELETE_URL } from '@reviewroute/web-shared/constants'

/** The export's file name from a `Content-Disposition` header (lib/file-download.ts), else reviewroute-export.json. */
export const attachmentFileName = (disposition: string | null, fallback = EXPORT_FALLBACK_FILE_NAME) => fileNameOf(disposition, fallback)

/** Fetches the export with the token in the Authorization header and saves it. Resolves to the saved name. */
export const downloadAccountExport = (): Promise<string> =>
  downloadFile(EXPORT_PATH, { accept: 'application/json', fallback: EXPORT_FALLBACK_FILE_NAME })
