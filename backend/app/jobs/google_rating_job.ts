import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import { whereWorking } from '#models/google_connection'
import GoogleRatingSnapshot, { type GoogleFigures } from '#models/google_rating_snapshot'
import RefreshGoogleRating from '#actions/businesses/refresh_google_rating'
import type { PlacesDirectory } from '#services/places/places_directory'
import { todayIst } from '#lib/time'

export interface GoogleRatingJobOptions {
  /** Businesses read per query. */
  batchSize?: number
  /** Listings asked at once. */
  concurrency?: number
}

/**
 * Daily (06:00 IST, docs/decisions.md D35): every business's Google rating and review count, kept as today's point
 * of its history. Walks the businesses in id order, a batch at a time; a business that already has today's
 * point (added today, refreshed by its owner, or done by an earlier attempt of this run) is skipped, so a second
 * run the same day asks Google nothing. Each place is asked once per run however many owners list it. A listing
 * the source fails on is logged and left for tomorrow; the others go on.
 */
export default class GoogleRatingJob {
  private refresh: RefreshGoogleRating
  private batchSize: number
  private concurrency: number

  constructor(
    private places: PlacesDirectory,
    options: GoogleRatingJobOptions = {}
  ) {
    this.refresh = new RefreshGoogleRating(places)
    this.batchSize = options.batchSize ?? 200
    this.concurrency = options.concurrency ?? 4
  }

  async handle() {
    const day = todayIst()
    const asked = new Map<string, Promise<GoogleFigures | null>>()
    const result = { refreshed: 0, skipped: 0, missing: 0, failed: 0 }
    let lastId = 0
    for (;;) {
      const batch = await Business.query()
        .where('id', '>', lastId)
        // A business linked to a working Google Business Profile connection gets its point from the review sync's
        // answer instead (docs/decisions.md D44).
        .whereNotIn(
          'id',
          whereWorking(db.from('google_locations as gl').join('google_connections as gc', 'gc.workspace_id', 'gl.workspace_id'), 'gc')
            .where('gc.demo', false)
            .whereNotNull('gl.business_id')
            .select('gl.business_id')
        )
        .orderBy('id', 'asc')
        .limit(this.batchSize)
      if (batch.length === 0) break
      lastId = batch[batch.length - 1].id
      const done = await GoogleRatingSnapshot.recordedOn(
        day,
        batch.map((business) => business.id)
      )
      const due = batch.filter((business) => !done.has(business.id))
      result.skipped += batch.length - due.length
      for (let i = 0; i < due.length; i += this.concurrency) {
        await Promise.all(
          due.slice(i, i + this.concurrency).map(async (business) => {
            try {
              let figures = asked.get(business.placeId)
              if (!figures) {
                figures = this.places.ratingOf(business.placeId)
                asked.set(business.placeId, figures)
              }
              const read = await figures
              if (!read) {
                result.missing++
                return
              }
              await this.refresh.record(business, read)
              result.refreshed++
            } catch (error) {
              result.failed++
              logger.warn(
                { err: error, businessId: business.id, placeId: business.placeId },
                'google rating refresh failed; left for tomorrow'
              )
            }
          })
        )
      }
    }
    return result
  }
}
