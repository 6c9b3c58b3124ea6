/*
 * Google Business Profile in the dashboard (docs/decisions.md D43, docs/screens.md#google): the shapes of the Google
 * API's answers, what a reply may be (Google takes 4096 bytes), reply templates and their placeholders, and how to
 * tell "Google has not approved this app yet" from Google being down.
 */
import { ApiError } from '#providers/http'

export interface GoogleConnection {
  connected: boolean
  email: string | null
  /** How many of the profile's locations were read. */
  locations: number
  lastSyncAt: string | null
  error: string | null
}

export interface GoogleLocation {
  name: string
  title: string
  address: string | null
  placeId: string | null
  businessId: number | null
}

export interface GoogleReview {
  id: number
  businessId: number
  reviewName: string
  reviewer: { name: string | null; photoUrl: string | null; anonymous: boolean }
  stars: number
  comment: string | null
  createTime: string
  updateTime: string | null
  reply: { comment: string; updateTime: string | null } | null
  deleted: boolean
  /** On the website widget first (docs/decisions.md D49). */
  pinned: boolean
  /** Never on the website widget. */
  hidden: boolean
}

export interface GoogleReviewStats {
  total: number
  averageRating: number | null
  byStars: Record<string, number>
  replied: number
  /** 0-1 */
  responseRate: number | null
  medianResponseHours: number | null
  unanswered: number
  unansweredNegative: number
}

export interface ReplyTemplate {
  id: number
  name: string
  body: string
  stars: number[]
  language: string
}

export type ReplyTemplateInput = Omit<ReplyTemplate, 'id'>

export type DraftTone = 'warm' | 'formal' | 'brief'

export const DRAFT_TONES: { value: DraftTone; label: string }[] = [
  { value: 'warm', label: 'Warm' },
  { value: 'formal', label: 'Formal' },
  { value: 'brief', label: 'Brief' },
]

/** Google's limit on a reply, in UTF-8 bytes (a Hindi or Tamil letter takes 3). */
export const REPLY_MAX_BYTES = 4096

export const byteLength = (text: string) => new TextEncoder().encode(text).length

/** '1,234 / 4,096 bytes' */
export const byteCounterText = (bytes: number) => `${bytes.toLocaleString('en-IN')} / ${REPLY_MAX_BYTES.toLocaleString('en-IN')} bytes`

/** The reason a reply cannot be posted as it is, or null. */
export function replyProblem(text: string) {
  if (!text.trim()) return 'Write a reply first.'
  if (byteLength(text) > REPLY_MAX_BYTES)
    return `Google takes replies of up to ${REPLY_MAX_BYTES.toLocaleString('en-IN')} bytes. Please shorten it.`
  return null
}

/** The languages a template can be written in: the customer page's nine (docs/screens.md#text-pages). */
export const TEMPLATE_LANGUAGES = [
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

/** Each script's Unicode block, to guess the language a review is written in. */
const SCRIPTS: [RegExp, string][] = [
  [/[\u0980-\u09FF]/, 'bn'],
  [/[\u0A80-\u0AFF]/, 'gu'],
  [/[\u0B80-\u0BFF]/, 'ta'],
  [/[\u0C00-\u0C7F]/, 'te'],
  [/[\u0C80-\u0CFF]/, 'kn'],
  [/[\u0D00-\u0D7F]/, 'ml'],
  [/[\u0900-\u097F]/, 'hi'],
]

/**
 * The language a review seems written in, from its script: Devanagari reads as Hindi (Marathi shares it), Latin
 * as English. Only used to put the templates of that language first.
 */
export function reviewLanguage(text: string | null) {
  for (const [script, language] of SCRIPTS) if (text && script.test(text)) return language
  return 'en'
}

/** `{reviewer}` and `{business}` filled in (a reviewer without a name is "there": "Thank you, there"). */
export function fillTemplate(body: string, { reviewer, business }: { reviewer: string | null; business: string }) {
  return body.replaceAll('{reviewer}', reviewer?.trim() || 'there').replaceAll('{business}', business)
}

/**
 * The templates for a review, best first: those made for its stars and its language, then its stars, then its
 * language, then the rest; alphabetical within each.
 */
export function rankTemplates(templates: ReplyTemplate[], stars: number, language: string) {
  const score = (template: ReplyTemplate) => (template.stars.includes(stars) ? 2 : 0) + (template.language === language ? 1 : 0)
  return [...templates].sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name))
}

export const matchesReview = (template: ReplyTemplate, stars: number, language: string) =>
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
