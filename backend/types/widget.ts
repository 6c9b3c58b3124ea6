/* The website widget (docs/decisions.md D49): its public answer, and the owner's settings for it. */
import type { ReviewLanguage } from '#contract/review_messages/index'
import type { WidgetLayout } from '#contract/widget'

/** `GET /api/widget/{code}`: the website widget's public answer (docs/decisions.md D49); nothing private in it. */
export interface WidgetDataDto {
  code: string
  /** The owner's default; the page's data-layout overrides it. */
  layout: WidgetLayout
  /** The business's language (en when none), for the widget's own words. */
  language: ReviewLanguage
  /** The widget's words in that language; `{count}` and `{rating}` are filled by the widget. */
  labels: WidgetLabels
  business: { name: string; listingUrl: string; reviewUrl: string }
  /** From the business's Google figures; average null when Google has none. */
  rating: { average: number | null; count: number }
  /** False without a Google connection and a linked location: reviews is [] (the badge only). */
  connected: boolean
  reviews: WidgetReviewDto[]
}

export interface WidgetLabels {
  writeReview: string
  reviewsOnGoogle: string
  ratingOutOf: string
  previous: string
  next: string
  readMore: string
  poweredByGoogle: string
}

export interface WidgetReviewDto {
  id: number
  stars: number
  text: string
  /** First name and the initial of the last ("Priya S."); "A Google user" for anonymous reviewers. */
  reviewer: string
  photoUrl: string | null
  time: string
  pinned: boolean
}

/** `GET /api/businesses/{id}/widget` (and the PUT's answer). */
export interface WidgetSettingsDto {
  code: string
  /** The owner's choice. */
  layout: WidgetLayout
  /** What the snippet and the preview use: `layout` once the widget has a review to show, else the badge. */
  snippetLayout: WidgetLayout
  /** Lower-case origins; [] when any site may show the widget. */
  allowedSites: string[]
  /** What the owner pastes into their site. */
  snippet: string
  connected: boolean
  views: { today: number; last30Days: number }
}

/** `PUT /api/businesses/{id}/widget`. */
export interface WidgetSettingsUpdate {
  layout?: WidgetLayout
  allowedSites?: string[]
}
