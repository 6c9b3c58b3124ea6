/*
 * The overview's rating comparison (docs/screens.md): the average of the business's own review sessions (from the
 * server, GET /api/overview) against its Google rating, both as shown (one decimal).
 */
import { roundRating } from './projections'

/** True when the Google rating is higher than the internal average as both are displayed. */
export function googleRatingIsHigher(internal: number | null, google: number | null) {
  if (internal === null || google === null) return false
  return roundRating(google) > roundRating(internal)
}
