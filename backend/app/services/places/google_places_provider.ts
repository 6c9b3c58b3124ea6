/*
 * Google Places API (New): Text Search for the business search, Place Details for selecting a listing and for
 * the daily rating history (docs/decisions.md D35).
 * https://developers.google.com/maps/documentation/places/web-service/text-search
 */
import logger from '@adonisjs/core/services/logger'
import { ServiceUnavailableError } from '#exceptions/app_errors'
import type { Place, PlaceRating, PlacesProvider } from '#services/places/places_provider'

interface GooglePlace {
  id?: string
  displayName?: { text?: string }
  formattedAddress?: string
  rating?: number
  userRatingCount?: number
}

const FIELDS = ['id', 'displayName', 'formattedAddress', 'rating', 'userRatingCount']
/** Only the two figures the rating history keeps: Google bills Place Details by the fields asked for. */
const RATING_FIELDS = ['rating', 'userRatingCount']
const UNAVAILABLE = 'Business search is unavailable right now. Please try again in a moment.'
const RATING_UNAVAILABLE = "Google's rating could not be read right now. Please try again in a moment."

export interface GooglePlacesOptions {
  apiKey: string
  baseUrl: string
  timeoutMs: number
}

export default class GooglePlacesProvider implements PlacesProvider {
  readonly kind = 'google'

  constructor(private options: GooglePlacesOptions) {}

  async search(query: string, location?: string | null, limit = 10): Promise<Place[]> {
    const textQuery = location && !query.toLowerCase().includes(location.toLowerCase()) ? `${query} ${location}` : query
    const response = await this.call('/v1/places:searchText', {
      method: 'POST',
      fieldMask: FIELDS.map((field) => `places.${field}`).join(','),
      body: { textQuery, regionCode: 'IN', languageCode: 'en', pageSize: Math.min(Math.max(limit, 1), 20) },
    })
    if (!response.ok) throw await this.failure('searchText', response)
    const payload = (await response.json()) as { places?: GooglePlace[] }
    return (payload.places ?? []).flatMap((place) => {
      const mapped = toPlace(place)
      return mapped ? [mapped] : []
    })
  }

  async details(placeId: string): Promise<Place | null> {
    const response = await this.call(`/v1/places/${encodeURIComponent(placeId)}`, {
      method: 'GET',
      fieldMask: FIELDS.join(','),
    })
    // Google answers 404 NOT_FOUND for an unknown id and 400 INVALID_ARGUMENT for a malformed one.
    if (response.status === 404 || response.status === 400) return null
    if (!response.ok) throw await this.failure('details', response)
    return toPlace((await response.json()) as GooglePlace)
  }

  async ratingOf(placeId: string): Promise<PlaceRating | null> {
    const response = await this.call(`/v1/places/${encodeURIComponent(placeId)}`, {
      method: 'GET',
      fieldMask: RATING_FIELDS.join(','),
      unavailable: RATING_UNAVAILABLE,
    })
    if (response.status === 404 || response.status === 400) return null
    if (!response.ok) throw await this.failure('rating', response, RATING_UNAVAILABLE)
    const place = (await response.json()) as GooglePlace
    return {
      rating: typeof place.rating === 'number' ? place.rating : null,
      reviewCount: typeof place.userRatingCount === 'number' ? place.userRatingCount : 0,
    }
  }

  private async call(path: string, init: { method: string; fieldMask: string; body?: unknown; unavailable?: string }) {
    try {
      return await fetch(new URL(path, this.options.baseUrl), {
        method: init.method,
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': this.options.apiKey,
          'X-Goog-FieldMask': init.fieldMask,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
    } catch (error) {
      logger.warn({ err: error, path }, 'google places unreachable')
      throw new ServiceUnavailableError(init.unavailable ?? UNAVAILABLE)
    }
  }

  /** Any non-OK answer is our problem (key, quota, outage), never the visitor's: log it, answer 503. */
  private async failure(operation: string, response: Response, sentence = UNAVAILABLE) {
    const body = await response.text().catch(() => '')
    logger.error({ status: response.status, body: body.slice(0, 500), operation }, 'google places request failed')
    return new ServiceUnavailableError(sentence)
  }
}

function toPlace(place: GooglePlace): Place | null {
  if (!place.id || !place.displayName?.text) return null
  return {
    place_id: place.id,
    name: place.displayName.text,
    address: place.formattedAddress ?? '',
    rating: typeof place.rating === 'number' ? place.rating : null,
    reviewCount: typeof place.userRatingCount === 'number' ? place.userRatingCount : 0,
  }
}
