/*
 * The one entry point for listings: search goes to Google when a key is configured, else to the demo
 * catalogue; a place id resolves through whichever source issued it (demo ids never reach Google).
 */
import placesConfig from '#config/places'
import GooglePlacesProvider from '#services/places/google_places_provider'
import DemoPlacesProvider from '#services/places/demo_places_provider'
import { DEMO_PLACE_ID_PREFIX, type Place, type PlaceRating, type PlacesProvider } from '#services/places/places_provider'

export class PlacesDirectory {
  constructor(
    private demo: PlacesProvider,
    private google: PlacesProvider | null
  ) {}

  get searchProvider(): PlacesProvider {
    return this.google ?? this.demo
  }

  search(query: string, location?: string | null, limit?: number): Promise<Place[]> {
    return this.searchProvider.search(query, location, limit)
  }

  async details(placeId: string): Promise<Place | null> {
    if (placeId.startsWith(DEMO_PLACE_ID_PREFIX)) return this.demo.details(placeId)
    return this.google ? this.google.details(placeId) : null
  }

  /** The listing's rating and review count today, from whichever source issued the id (docs/decisions.md D35). */
  async ratingOf(placeId: string): Promise<PlaceRating | null> {
    if (placeId.startsWith(DEMO_PLACE_ID_PREFIX)) return this.demo.ratingOf(placeId)
    return this.google ? this.google.ratingOf(placeId) : null
  }
}

export function createPlacesDirectory(config = placesConfig) {
  const google = config.googleApiKey
    ? new GooglePlacesProvider({
        apiKey: config.googleApiKey,
        baseUrl: config.googleBaseUrl,
        timeoutMs: config.timeoutMs,
      })
    : null
  return new PlacesDirectory(new DemoPlacesProvider(), google)
}
