/*
 * What the business search needs from a listing source. Two implementations: Google Places (New) when a key
 * is configured, the built-in demo catalogue otherwise (docs/decisions.md D4).
 */

/** One listing, in the field names of the spec's search response. */
export interface Place {
  place_id: string
  name: string
  address: string
  rating: number | null
  reviewCount: number
}

export interface PlacesProvider {
  readonly kind: 'google' | 'demo'
  /** Listings matching free text, best first, at most `limit`. `location` (a city) narrows or biases. */
  search(query: string, location?: string | null, limit?: number): Promise<Place[]>
  /** One listing by id, or null when the id is unknown to this provider. */
  details(placeId: string): Promise<Place | null>
  /**
   * The listing's rating and review count as Google shows them now (the daily history, docs/decisions.md D35), or
   * null when the id is unknown to this provider.
   */
  ratingOf(placeId: string): Promise<PlaceRating | null>
}

/** A listing's Google figures: the average rating (null while it has none) and how many reviews it has. */
export interface PlaceRating {
  rating: number | null
  reviewCount: number
}

/** Ids of the demo catalogue start with this, so a demo id is never sent to Google (contract/demo_places.ts). */
export { DEMO_PLACE_ID_PREFIX } from '#contract/demo_places'
