/*
 * A reply to a Google review as Google takes it (docs/decisions.md D45), shared by the API's validators (a reply, a
 * reply template) and the dashboard's reply drawer and template form, so the limit and its sentence are the same.
 */

/** Google's limit on a reply, in UTF-8 bytes (a Hindi or Tamil letter takes 3). */
export const REPLY_MAX_BYTES = 4096

/** A text's length as Google counts it: UTF-8 bytes. */
export const replyBytes = (text: string) => new TextEncoder().encode(text).length

/** Why a reply longer than Google takes is refused. */
export const REPLY_TOO_LONG = `Google takes replies of up to ${REPLY_MAX_BYTES.toLocaleString('en-IN')} bytes (a Hindi or Tamil letter takes 3). Please shorten it.`
