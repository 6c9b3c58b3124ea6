/*
 * A workspace's name (docs/decisions.md D56): one line of plain text, because mails, the dashboard and invitation
 * pages show it to people who did not choose it. No line breaks, no control or text-direction characters, no web
 * addresses or links. The API refuses them with these sentences; the dashboard checks the same before sending.
 * Invitations and new workspaces are rate-limited by these numbers.
 */
import { CONTROL_CHARACTERS } from './plain_text.js'

export const WORKSPACE_NAME_MIN = 2
export const WORKSPACE_NAME_MAX = 120

export const WORKSPACE_NAME_LINE_BREAK = "A workspace's name is one line: remove the line breaks."
export const WORKSPACE_NAME_CONTROL = "A workspace's name cannot contain control or text-direction characters."
export const WORKSPACE_NAME_LINK = "A workspace's name cannot contain a web address or a link."

/** The 403 for an account whose address is not confirmed yet. */
export const INVITER_UNVERIFIED = 'Confirm your email address first (see the mail we sent you), then invite people.'
/** The 403 for anyone the agency brought in, about the client's own owners. */
export const OWN_OWNERS_ONLY = "Only the client's own owners can change or remove its owners."
/** The 403 for anyone acting for the agency who tries to delete a client workspace that has owners of its own. */
export const OWN_OWNERS_DELETE = "Only the client's own owners can delete its workspace."

/** Invitations: per inviting account an hour, per invited address a day. */
export const INVITATION_LIMITS = { perAccount: 20, perAddress: 5 } as const
/** New workspaces (team, agency, client): per account and per network address, an hour. */
export const NEW_WORKSPACE_LIMITS = { perAccount: 5, perAddress: 20 } as const

// eslint-disable-next-line no-control-regex
const LINE_BREAK = /[\n\r\u000b\u000c\u0085\u2028\u2029]/
// C0 and C1 controls, and the characters that reorder text (the right-to-left override among them): plain_text.ts.
const CONTROL = CONTROL_CHARACTERS
const TOP_LEVEL =
  'com|net|org|in|co|io|info|biz|xyz|app|dev|me|ly|link|site|online|top|shop|store|club|page|click|live|tk|ml|ga|cf|gq|ru|cn|uk|us|gl|to|gg|ai|tv|cc|ws'
/** A scheme (`https://`, `javascript:`), `www.`, or a host ending in a common top-level domain (`evil.com`, `bit.ly/x`). */
const LINK_SOURCE = `(?:[a-z][a-z0-9+.-]*://|\\b(?:javascript|data|mailto|vbscript|file|tel|sms):|\\bwww\\.|\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${TOP_LEVEL})(?![a-z0-9-]))`
const LINK = new RegExp(LINK_SOURCE, 'i')
/** The whole word a link is in, for replacing it. */
const LINKS = new RegExp(`\\S*${LINK_SOURCE}\\S*`, 'gi')

/** What is wrong with a (trimmed) name, as the sentence to show; null when it is fine. */
export function workspaceNameProblem(name: string): string | null {
  if (LINE_BREAK.test(name)) return WORKSPACE_NAME_LINE_BREAK
  if (CONTROL.test(name)) return WORKSPACE_NAME_CONTROL
  // Full-width dots and letters count as the ASCII ones they look like.
  if (LINK.test(name.normalize('NFKC'))) return WORKSPACE_NAME_LINK
  return null
}

/** One line without control or text-direction characters (a person's name or address in a mail). */
export function oneLine(text: string): string {
  return text.replace(new RegExp(LINE_BREAK.source, 'g'), ' ').replace(new RegExp(CONTROL.source, 'g'), '').replace(/\s+/g, ' ').trim()
}

/**
 * A name as a mail shows it, whatever was stored before names were checked: one line, without control or
 * text-direction characters, any link replaced by "[link removed]".
 */
export function plainWorkspaceName(name: string): string {
  // Full-width look-alikes are read as ASCII only when that is what makes a link of them.
  const text = LINK.test(name) || !LINK.test(name.normalize('NFKC')) ? name : name.normalize('NFKC')
  return oneLine(oneLine(text).replace(LINKS, '[link removed]')) || 'a workspace'
}
