/*
 * The customer page (docs/decisions.md D31): what it shows and inlines, a rating and its feedback, and the ratings
 * (review sessions) as the owner reads them.
 */
import type { Infer } from '@vinejs/vine/types'
import type { ReviewLanguage, ReviewMessages } from '#contract/review_messages/index'
import type { resolveFeedbackValidator, submitReviewValidator } from '#validators/review'

export type SubmitReviewRequest = Infer<typeof submitReviewValidator>

export type ResolveFeedbackRequest = Infer<typeof resolveFeedbackValidator>

export interface PublicBusinessDto {
  name: string
  address: string
  shortUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  /** The language the owner pinned for the customer page; null follows the customer (docs/decisions.md D31). */
  language: ReviewLanguage | null
}

export interface ReviewLinkDto {
  business: PublicBusinessDto
  canSubmitReview: boolean
  message?: string
  reviewCount: number
}

/**
 * `counted`: whether this rating was stored. A 4-5 goes on to Google either way (docs/decisions.md D31): a device
 * that rated the business within the hour, or a limit, only means it is not counted again.
 */
export type SubmitReviewResponse = { redirect: true; url: string; counted: boolean } | { redirect: false; counted: boolean }

/** The agency brand a client business's customer page shows instead of ReviewRoute's (docs/decisions.md D42, "Brand"). */
export interface InlinedBrand {
  name: string
  logoUrl: string | null
  logoWidth: number | null
  logoHeight: number | null
}

/**
 * What `/review/{code}` and `/thanks` inline into the page (a JSON script element): the business, so the rating
 * screen paints at once, and the language the server chose with only that language's strings.
 */
export interface InlinedReview {
  code: string
  link: ReviewLinkDto | null
  /** The agency's brand, for a business an agency manages and has branded; absent: ReviewRoute's own. */
  brand?: InlinedBrand
  error?: string
  /**
   * Which screen the server rendered, for the script to take over: the rating, the feedback form for `rating`,
   * thanks; `stop` / `stopped` (a review request's stop link) stay as the server rendered them.
   */
  view: 'rate' | 'feedback' | 'thanks' | 'not-found' | 'paused' | 'stop' | 'stopped'
  /** Opened from a personal link `/r/{token}`: ratings carry it, so the request is marked rated (docs/decisions.md D32). */
  requestToken?: string
  /** Opened from a staff member's link or QR (`?s=`): ratings carry the code (docs/decisions.md D32). */
  staffCode?: string
  /** The 1-3 rating the server-rendered feedback form is for. */
  rating?: number
  /** On thanks: the rating was not counted again (the same phone rated within the hour). */
  already?: boolean
  /** On thanks: the stored rating asked for a call-back, so the page says the number went to the business. */
  callback?: boolean
  language: ReviewLanguage
  messages: ReviewMessages
  /** The nine languages with their own names, for the switch (links to `?lang=`; on the feedback form, buttons posting it). */
  languages: { code: ReviewLanguage; name: string }[]
}

export interface ReviewSessionDto {
  id: number
  businessId: number
  rating: number
  feedback: string | null
  redirected: boolean
  resolved: boolean
  resolvedAt: string | null
  createdAt: string
  timestamp: string
  /** The customer asked to be contacted (the "contact me" tick): their name and 10-digit mobile, else null. */
  contactName: string | null
  contactPhone: string | null
  /** The review request whose personal link the rating came through (docs/decisions.md D32), else null. */
  reviewRequestId: number | null
  /**
   * That request's customer, whom the owner can call back ('+91' and 10 digits; null for one reached by email alone),
   * with their language (the owner's choice, else the one they last rated in; docs/decisions.md D65); null without a request.
   */
  customer: { name: string; phone: string | null; language: ReviewLanguage | null } | null
  /** The customer page's language the rating was given in; null for ratings before it was kept (docs/decisions.md D65). */
  language: ReviewLanguage | null
  /** The staff member whose link or review request the rating came through (docs/decisions.md D32), else null. */
  staff: { id: number; name: string } | null
  /** Where the rating was given: the customer page, or inside WhatsApp with a request's buttons. */
  source: RatingSource
  /** A voice note the customer sent in WhatsApp as their feedback: played from `GET /api/feedbacks/{id}/voice-note`. */
  voiceNote: { mimeType: string; bytes: number } | null
}

export type RatingSource = 'page' | 'whatsapp'
