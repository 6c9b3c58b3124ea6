/*
 * The answer of GET {APP_URL}/api/widget/{code} (docs/decisions.md D49): what the website widget shows. Only public
 * fields; `labels` are the widget's own words in the business's language.
 */
export type WidgetLayout = 'badge' | 'carousel' | 'list'

export const LAYOUTS: readonly WidgetLayout[] = ['badge', 'carousel', 'list']

export interface WidgetLabels {
  writeReview: string
  /** "{count} reviews on Google" */
  reviewsOnGoogle: string
  /** "{rating} out of 5" */
  ratingOutOf: string
  previous: string
  next: string
  readMore: string
  poweredByGoogle: string
}

export interface WidgetReview {
  id: number
  stars: number
  text: string
  reviewer: string
  photoUrl: string | null
  /** ISO 8601 */
  time: string
  pinned: boolean
}

export interface WidgetData {
  code: string
  layout: WidgetLayout
  language: string
  labels: WidgetLabels
  business: { name: string; listingUrl: string; reviewUrl: string }
  rating: { average: number | null; count: number }
  connected: boolean
  reviews: WidgetReview[]
}
