/*
 * Google Business Profile (docs/decisions.md D43-D48): the connection and its locations, the reviews' inbox and
 * stats, replies, reply templates, AI drafts and auto-reply.
 */
import type { Infer } from '@vinejs/vine/types'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { GoogleImportStatus } from '#contract/google_connection'
import type { replyDraftValidator } from '#validators/reply_templates'

/** `GET /api/google/connection` (any member): the workspace's Google Business Profile connection (docs/decisions.md D43). */
export interface GoogleConnectionDto {
  connected: boolean
  /** Whether this server has Google's OAuth client: without it nobody can connect here (docs/decisions.md D59). */
  configured: boolean
  /** The demo Business Profile of a development machine: example reviews, replies stored here only, never sent to Google (docs/decisions.md D59). */
  demo: boolean
  email: string | null
  /** How many of the profile's locations were read. */
  locations: number
  lastSyncAt: string | null
  error: string | null
  /** Where the import of the reviews is (docs/decisions.md D58): null before any. */
  importStatus: GoogleImportStatus | null
  /** Why it failed, in Google's words. */
  importError: string | null
}

/** `GET /api/google/connect/start?format=json`: Google's consent screen, for the dashboard to go to. */
export interface GoogleConnectStartResponse {
  url: string
}

/**
 * One Business Profile location: `GET /api/google/locations` (every one), and the answer of
 * `PUT /api/google/locations/link`. A business outside a limited member's scope shows as not linked (null).
 */
export interface GoogleLocationDto {
  /** accounts/{a}/locations/{l} */
  name: string
  title: string
  address: string | null
  placeId: string | null
  businessId: number | null
}

/** `POST /api/google/locations/add {name}` → 201: the location, now linked to the business made from it. */
export interface GoogleLocationAddResponse {
  location: GoogleLocationDto
  businessId: number
}

/** One Google review: `GET /api/google-reviews` (Refine list), `GET /api/google-reviews/{id}`, and the reply's answers. */
export interface GoogleReviewDto {
  id: number
  businessId: number
  /** accounts/{a}/locations/{l}/reviews/{r} */
  reviewName: string
  reviewer: { name: string | null; photoUrl: string | null; anonymous: boolean }
  /** 1-5; 0 when Google did not say. */
  stars: number
  comment: string | null
  createTime: string
  updateTime: string | null
  /** The reply on Google, as Google last gave it. */
  reply: { comment: string; updateTime: string | null } | null
  /** No longer on Google. */
  deleted: boolean
  /** Pinned to the website widget (docs/decisions.md D49): shown first. */
  pinned: boolean
  /** Hidden from the website widget. */
  hidden: boolean
}

/** `PATCH /api/google-reviews/{id}`: pin to or hide from the website widget (docs/decisions.md D49). */
export interface GoogleReviewWidgetUpdate {
  pinned?: boolean
  hidden?: boolean
}

/** `GET /api/google-reviews/stats?businessId&from&to`: the reviews created in the period, deleted ones left out. */
export interface GoogleReviewStatsDto {
  total: number
  averageRating: number | null
  /** "1".."5" → reviews with that many stars. */
  byStars: Record<string, number>
  replied: number
  /** replied / total, 0-1; null without reviews. */
  responseRate: number | null
  /** From a review's creation to its reply's last update, the median over the replied ones; null with none. */
  medianResponseHours: number | null
  unanswered: number
  /** Unanswered with 1-3 stars. */
  unansweredNegative: number
}

/** `PUT /api/google-reviews/{id}/reply`: 1-4096 UTF-8 bytes, as Google takes them. */
export interface GoogleReplyRequest {
  comment: string
}

/* Reply templates and AI drafts (docs/decisions.md D46) ------------------------------------------------------- */

/** The customer page's nine languages, which a reply template is written in. */
export type ReplyTemplateLanguage = ReviewLanguage

/** `GET /api/reply-templates` (a plain array), and the answer of its POST and PATCH. */
export interface ReplyTemplateDto {
  id: number
  name: string
  /** May hold `{reviewer}` and `{business}`. */
  body: string
  /** Distinct ratings 1-5, ascending. */
  stars: number[]
  language: ReplyTemplateLanguage
}

/** `POST /api/reply-templates`; `PATCH /api/reply-templates/{id}` takes any of the fields. */
export type ReplyTemplateRequest = Omit<ReplyTemplateDto, 'id'>

/** `GET` and `PUT /api/google/auto-reply` (docs/decisions.md D48): owners change it. */
export interface AutoReplyDto {
  enabled: boolean
  /** 1-72. */
  delayHours: number
  /** [4, 5] or [5]. */
  stars: number[]
}

/** `POST /api/google-reviews/{id}/draft` body: `{tone?}`. */
export type ReplyDraftRequest = Infer<typeof replyDraftValidator>

/** How a draft is written: the validator's list, which the AI writer's instructions follow. */
export type DraftTone = NonNullable<ReplyDraftRequest['tone']>

/** `POST /api/google-reviews/{id}/draft {tone?}`: a suggested reply of at most 600 characters, stored nowhere. */
export interface ReplyDraftResponse {
  draft: string
}
