import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import GoogleRatingSnapshot, { type GoogleFigures } from '#models/google_rating_snapshot'
import { PlacesDirectory } from '#services/places/places_directory'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { todayIst } from '#lib/time'

export interface RefreshedRating extends GoogleFigures {
  /** The IST day the figures were recorded for. */
  day: string
}

/**
 * Reads a business's Google rating and review count through the places directory (Place Details with only those
 * two fields, or the demo catalogue's drift) and keeps them: on the business, and as today's point of its history
 * (docs/decisions.md D35), replacing an earlier point of the same day. Null when the source no longer knows the
 * listing; a source that fails throws (503) and nothing is written.
 */
@inject()
export default class RefreshGoogleRating {
  constructor(private places: PlacesDirectory) {}

  async handle(business: Business): Promise<RefreshedRating | null> {
    // Outside the transaction: a slow Google answer must not hold a row lock.
    const figures = await this.places.ratingOf(business.placeId)
    return figures ? this.record(business, figures) : null
  }

  /** Keeps figures already read (the daily job reads each place once for all the businesses that list it). */
  async record(business: Business, figures: GoogleFigures): Promise<RefreshedRating> {
    const day = todayIst()
    await db.transaction(async (trx) => {
      await trx
        .from('businesses')
        .where('id', business.id)
        .update({ rating: figures.rating, review_count: figures.reviewCount, updated_at: new Date() })
      await GoogleRatingSnapshot.record(business.id, day, figures, trx)
      // The customer page shows the review count.
      reviewLinkCache.forgetBusiness(business.id, trx)
    })
    business.rating = figures.rating
    business.reviewCount = figures.reviewCount
    return { day, rating: figures.rating, reviewCount: figures.reviewCount }
  }
}
