/*
 * The overview's rating comparison (spec 2): the average of the business's own review sessions against its
 * Google rating, both as shown (one decimal).
 */
import { roundRating } from './projections'

/** Sessions per star value: `counts[0]` is the number of 1-star sessions, `counts[4]` of 5-star ones. */
export type StarCounts = readonly [number, number, number, number, number]

/** The mean star rating of all sessions to one decimal; null when there are none. */
export function averageRating(counts: StarCounts) {
  const sessions = counts.reduce((sum, count) => sum + count, 0)
  if (sessions === 0) return null
  const stars = counts.reduce((sum, count, index) => sum + count * (index + 1), 0)
  return roundRating(stars / sessions)
}

/** True when the Google rating is higher than the internal average as both are displayed. */
export function googleRatingIsHigher(internal: number | null, google: number | null) {
  if (internal === null || google === null) return false
  return roundRating(google) > roundRating(internal)
}
