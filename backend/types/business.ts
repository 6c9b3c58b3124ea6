/* Businesses: finding a listing on Google Maps, adding it, its settings and short link, removing it. */
import type { Infer } from '@vinejs/vine/types'
import type { ReviewLanguage } from '#contract/review_messages/index'
import type {
  searchBusinessValidator,
  selectBusinessValidator,
  updateBusinessValidator,
  updateShortUrlValidator,
} from '#validators/business'

export type SearchBusinessRequest = Infer<typeof searchBusinessValidator>

export type SelectBusinessRequest = Infer<typeof selectBusinessValidator>

export type UpdateBusinessRequest = Infer<typeof updateBusinessValidator>

export type UpdateShortUrlRequest = Infer<typeof updateShortUrlValidator>

export interface PlaceDto {
  place_id: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
}

export interface BusinessDto {
  id: number
  placeId: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
  shortUrl: string
  /**
   * The customer page's address on APP_URL (`{APP_URL}/review/{shortUrl}`): the link posters, snippets and mails
   * carry, so the dashboard shows this one, never the address it was opened from.
   */
  reviewUrl: string
  googleReviewUrl: string
  complianceMode: boolean
  language: ReviewLanguage | null
  createdAt: string
}

/** `POST /api/search-business` */
export interface SearchBusinessResponse {
  places: PlaceDto[]
  /** Where the listings come from: Google Places, or the built-in demo catalogue when no Google key is configured. */
  source: 'google' | 'demo'
}

/** `POST /api/select-business` (201 when created, 200 when the owner already had it) */
export interface SelectBusinessResponse {
  business: BusinessDto
  created: boolean
}

/** `PATCH /api/business/{id}/update-short-url` */
export interface UpdateShortUrlResponse {
  business: BusinessDto
}

/** `DELETE /api/business/{id}` and `DELETE /api/businesses/{id}`: the business as it was. */
export type DeleteBusinessResponse = { success: true } & BusinessDto
