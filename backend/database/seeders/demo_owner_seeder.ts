/*
 * A ready-to-try owner on development machines: demo@reviewroute.in / reviewroute-demo, with one business
 * from the demo catalogue and a month of customer ratings, and a demo Business Profile connection whose location
 * is that business, with Google reviews in several languages (docs/decisions.md D59). Each part is seeded once:
 * a later run adds only what is missing and changes nothing else.
 */
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import Workspace from '#models/workspace'
import { createAccount } from '#actions/auth/create_account'
import Business from '#models/business'
import ReviewSession from '#models/review_session'
import GoogleRatingSnapshot from '#models/google_rating_snapshot'
import { todayIst } from '#lib/time'
import { demoCatalogue } from '#services/places/demo_places_provider'
import { POSITIVE_RATING_MIN, TRIAL_DAYS, googleReviewUrl } from '#lib/constants'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import GoogleReview from '#models/google_review'
import { DEMO_GOOGLE_EMAIL, DEMO_GOOGLE_LOCATION, DEMO_GOOGLE_REVIEWS } from '#database/data/demo_google_reviews'

export const DEMO_OWNER = { email: 'demo@reviewroute.in', password: 'reviewroute-demo' }

const FEEDBACK = [
  'Had to wait 20 minutes for a table.',
  'Staff was a bit rude at the counter.',
  'Food was cold when it arrived.',
  'Tables were not clean.',
  'Too expensive for the portion size.',
  null,
]

export default class DemoOwnerSeeder extends BaseSeeder {
  static environment = ['development']

  async run() {
    const existing = await User.findBy('email', DEMO_OWNER.email)
    const owner = existing ?? (await this.owner())
    await this.googleInbox(owner)
  }

  private async owner() {
    const now = DateTime.utc()
    const owner = await createAccount({
      ...DEMO_OWNER,
      firstName: 'Asha',
      lastName: 'Verma',
      trialStartsAt: now,
      trialEndsAt: now.plus({ days: TRIAL_DAYS }),
      // A demo address has no inbox to confirm from; its mails go to MAIL_DIR like every local mail.
      emailVerifiedAt: now,
    })
    const place = demoCatalogue()[0]
    const business = await Business.create({
      workspaceId: (await Workspace.personalIdOf(owner.id))!,
      userId: owner.id,
      placeId: place.place_id,
      name: place.name,
      address: place.address,
      rating: place.rating,
      reviewCount: place.reviewCount,
      shortUrl: 'demo-cafe',
      googleReviewUrl: googleReviewUrl(place.place_id),
    })
    // The first point of its Google rating history, as adding a business writes it (docs/decisions.md D35).
    await GoogleRatingSnapshot.record(business.id, todayIst(), place)

    // A deterministic month: ratings cycle so every star value and every feedback topic appears.
    const ratings = [5, 4, 5, 2, 5, 3, 4, 1, 5, 4]
    await ReviewSession.createMany(
      Array.from({ length: 60 }, (_, i) => {
        const rating = ratings[i % ratings.length]
        const positive = rating >= POSITIVE_RATING_MIN
        return {
          businessId: business.id,
          rating,
          redirected: positive,
          feedback: positive ? null : FEEDBACK[i % FEEDBACK.length],
          resolvedAt: null,
          clientFingerprint: null,
          createdAt: now.minus({ hours: i * 12 + 1 }),
        }
      })
    )
    // Invented ratings, not customers: the worker's feedback-alert sweep must not mail the demo owner about them.
    await db.from('review_sessions').where('business_id', business.id).update({ alerted_at: now.toJSDate() })
    return owner
  }

  /**
   * The demo Business Profile (docs/decisions.md D59): a connection marked `demo` (never synced, its replies stored
   * here only), its one location linked to the demo business, and the reviews of DEMO_GOOGLE_REVIEWS.
   */
  private async googleInbox(owner: User) {
    const workspaceId = await Workspace.personalIdOf(owner.id)
    if (!workspaceId || (await GoogleConnection.findBy('workspace_id', workspaceId))) return
    const business = await Business.query().where('workspace_id', workspaceId).where('short_url', 'demo-cafe').first()
    if (!business) return

    const now = DateTime.utc()
    await GoogleConnection.create({
      workspaceId,
      email: DEMO_GOOGLE_EMAIL,
      // Never used: a demo connection asks Google for nothing.
      refreshTokenEncrypted: GoogleConnection.seal('demo'),
      demo: true,
      lastSyncAt: now,
      connectedByUserId: owner.id,
    })
    await GoogleLocation.create({
      workspaceId,
      name: DEMO_GOOGLE_LOCATION,
      title: business.name,
      address: business.address,
      placeId: business.placeId,
      businessId: business.id,
      reviewsBaselineAt: now,
    })
    await GoogleReview.createMany(
      DEMO_GOOGLE_REVIEWS.map((review) => {
        const created = now.minus({ hours: review.ageHours })
        return {
          businessId: business.id,
          reviewName: `${DEMO_GOOGLE_LOCATION}/reviews/${review.id}`,
          reviewerName: review.reviewer,
          reviewerPhotoUrl: null,
          reviewerAnonymous: false,
          stars: review.stars,
          comment: review.comment,
          createTime: created,
          updateTime: created,
          replyComment: review.reply?.comment ?? null,
          replyUpdateTime: review.reply ? created.plus({ hours: review.reply.afterHours }) : null,
        }
      })
    )
  }
}
