/*
 * Google Business Profile in the dashboard (docs/decisions.md D43, docs/screens.md#google): what a reply may be
 * (Google takes 4096 bytes), reply templates and their placeholders, and how to tell "Google has not approved this
 * app yet" from Google being down. The API's answers are typed in backend/types/google.ts.
 */
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@reviewroute/backend/contract/plain_text'
import type { GoogleImportStatus } from '@reviewroute/backend/contract/google_connection'
import type { DraftTone, ReplyTemplateDto, ReplyTemplateLanguage } from '@reviewroute/backend/types/api'
import { REPLY_MAX_BYTES, REPLY_TOO_LONG, replyBytes } from '@reviewroute/backend/contract/google_replies'
import { ApiError } from '#providers/http'

/** The connection card's words for the import's status. */
export const IMPORT_STATUS_TEXT: Record<GoogleImportStatus, string> = {
  queued: 'Queued: starts in a moment',
  running: 'Importing your reviews…',
  done: 'Done',
  failed: 'Failed',
}

/** Said before any click on a server without Google's OAuth client (docs/decisions.md D59). */
export const GOOGLE_NOT_SET_UP = 'Google is not set up on this server yet, so a Business Profile cannot be connected here.'

export const GOOGLE_NOT_SET_UP_NOTE =
  'Everything else works. Reply to your Google reviews on Google itself; whoever runs this server can add Google’s credentials to connect here.'

/** The demo connection's note, and what a reply to its reviews says. */
export const DEMO_PROFILE_NOTE =
  'This is a demo Business Profile with example reviews, to try replies, templates, drafts and review images. Replies are saved here only: nothing is sent to Google.'

export const DRAFT_TONES: { value: DraftTone; label: string }[] = [
  { value: 'warm', label: 'Warm' },
  { value: 'formal', label: 'Formal' },
  { value: 'brief', label: 'Brief' },
]

/** Google's limit on a reply in UTF-8 bytes, how they are counted, and the sentence when a reply is longer. */
export { REPLY_MAX_BYTES, REPLY_TOO_LONG, replyBytes as byteLength }

/** '1,234 / 4,096 bytes' */
export const byteCounterText = (bytes: number) => `${bytes.toLocaleString('en-IN')} / ${REPLY_MAX_BYTES.toLocaleString('en-IN')} bytes`

/** The reason a reply cannot be posted as it is, or null. */
export function replyProblem(text: string) {
  if (!text.trim()) return 'Write a reply first.'
  if (replyBytes(text) > REPLY_MAX_BYTES) return REPLY_TOO_LONG
  // The API refuses them too: a reply is posted in public under the business's name (docs/decisions.md D58).
  if (hasControlCharacters(text, { lines: true })) return CONTROL_CHARACTERS_MESSAGE
  return null
}

/** The languages a template can be written in: the customer page's nine (docs/screens.md#text-pages). */
export const TEMPLATE_LANGUAGES: { value: ReplyTemplateLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिंदी (Hindi)' },
  { value: 'bn', label: 'বাংলা (Bengali)' },
  { value: 'mr', label: 'मराठी (Marathi)' },
  { value: 'te', label: 'తెలుగు (Telugu)' },
  { value: 'ta', label: 'தமிழ் (Tamil)' },
  { value: 'gu', label: 'ગુજરાતી (Gujarati)' },
  { value: 'kn', label: 'ಕನ್ನಡ (Kannada)' },
  { value: 'ml', label: 'മലയാളം (Malayalam)' },
]

export const languageLabel = (code: string) => TEMPLATE_LANGUAGES.find((language) => language.value === code)?.label ?? code

/**
 * The language a review seems written in, from its script (the server's own guess): only used here to put the
 * templates of that language first.
 */
export { reviewLanguage } from '@reviewroute/backend/contract/text_language'

/** `{reviewer}` and `{business}` filled in: the one rule auto-reply uses too. */
export { fillTemplate, REPLY_TEMPLATE_NAME_MAX } from '@reviewroute/backend/contract/reply_templates'

/**
 * The templates for a review, best first: those made for its stars and its language, then its stars, then its
 * language, then the rest; alphabetical within each.
 */
export function rankTemplates(templates: ReplyTemplateDto[], stars: number, language: string) {
  const score = (template: ReplyTemplateDto) => (template.stars.includes(stars) ? 2 : 0) + (template.language === language ? 1 : 0)
  return [...templates].sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name))
}

export const matchesReview = (template: ReplyTemplateDto, stars: number, language: string) =>
  template.stars.includes(stars) && template.language === language

/** The sentence the API answers when Google has not approved the project for the Business Profile APIs (zero quota). */
const NOT_APPROVED_WORDS = 'has not given this app access'

/** Google has not approved the project yet: a 429, or the API's sentence for a zero quota (on a call or the connection). */
export function isNotApproved(error: unknown) {
  if (typeof error === 'string') return error.includes(NOT_APPROVED_WORDS)
  if (!(error instanceof ApiError)) return false
  return error.status === 429 || (error.status === 503 && error.message.includes(NOT_APPROVED_WORDS))
}

export const NOT_APPROVED_TITLE = 'Google has not approved this yet'
export const NOT_APPROVED_TEXT =
  'Google gives the Business Profile API to an app only after a request, and until it is approved every call gets a ' +
  'quota of zero. Your account is connected; your reviews will appear here once Google approves ReviewRoute. Until ' +
  'then, reply on Google itself: "Reply on Google" copies your reply and opens the business\'s reviews there.'

/** What connecting does, before a workspace has connected. */
export const CONNECT_TEXT =
  'Connect the Google account that manages your Business Profile. ReviewRoute then reads your Google reviews, so you ' +
  'can see them next to your private feedback, reply from here (with templates and drafts), and follow how quickly ' +
  'you answer. Nothing is posted on Google until you press Post.'

/** The reviewer's initial for an avatar without a photo. */
export const initialOf = (name: string | null) => (name?.trim() ? Array.from(name.trim())[0].toUpperCase() : '?')

/** 'Replied in 3 hours' style: hours as the largest unit that reads well. */
export function hoursText(hours: number | null) {
  if (hours === null) return '—'
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`
  if (hours < 48) return `${Math.round(hours)} h`
  return `${Math.round(hours / 24)} days`
}

export const percentText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`)
