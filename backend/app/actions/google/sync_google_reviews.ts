/*
 * The Google review sync (docs/decisions.md D44): a linked location's reviews read from Business Profile (v4) into
 * `google_reviews`. A full import pages through every review and marks those Google no longer lists deleted; the
 * incremental sync reads newest change first and stops at the first review it already has unchanged; a single
 * review named by a push notification is read on its own (a 404 marks it deleted). Every request waits for its
 * slot of the shared pace, through the one access path (services/google/profile_access.ts).
 *
 * What changed is returned (`changes`). New or changed reviews (`alertChanges`) are marked due for an alert
 * (`alerts`; the job hands their businesses to the feedback alert job, docs/decisions.md D47), except while the
 * location's reviews are read for the first time: a location is alerted on only after its first complete read
 * (google_locations.reviews_baseline_at), so connecting never mails years of old reviews.
 */
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Business from '#models/business'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import GoogleRatingSnapshot from '#models/google_rating_snapshot'
import { reviewLinkCache } from '#hot_path/review_link_cache'
import { locationOfReview, type GoogleReviewData, type GoogleReviewPage } from '#services/google/business_profile'
import { ProfileAccess } from '#services/google/profile_access'
import { isDuplicateKey } from '#lib/db_errors'
import { todayIst } from '#lib/time'
import { clock } from '#lib/clock'
import { NEGATIVE_RATING_MAX } from '#lib/constants'
import { someoneWantsEveryGoogleReview } from '#queries/notification_recipients'

/** Pages one import reads at most: 50,000 reviews, far beyond any one shop. */
const MAX_IMPORT_PAGES = 1000
/** Pages the incremental sync reads before it stops anyway (a location that changed this much gets a full import). */
const MAX_INCREMENTAL_PAGES = 20

export type ReviewChangeKind = 'new' | 'changed' | 'replied' | 'deleted'

export interface ReviewChange {
  /** google_reviews.id */
  id: number
  businessId: number
  reviewName: string
  /** 1-5; 0: Google did not say. */
  stars: number
  kind: ReviewChangeKind
}

export interface SyncResult {
  /** Business Profile requests made. */
  requests: number
  changes: ReviewChange[]
  /** The changes marked due for an alert (new or changed, after the location's first complete read). */
  alerts?: ReviewChange[]
  /** Why nothing was read: no healthy connection, location not linked. */
  skipped?: string
}

/**
 * New or changed reviews: what an alert is about (a reply or a deletion is not). Each member hears of the 1-3 star
 * ones, or of all of them (googleReviewAlertStars, docs/decisions.md D71).
 */
export const alertChanges = (changes: ReviewChange[]) =>
  changes.filter((change) => (change.kind === 'new' || change.kind === 'changed') && change.stars >= 1 && change.stars <= 5)

/**
 * What is read: a location's reviews (in full with `full`, else the incremental sync), or one review named by a push
 * notification.
 */
export type SyncTarget = { location: GoogleLocation; full?: boolean } | { reviewName: string }

interface StoredRow {
  id: number
  review_name: string
  stars: number
  comment: string | null
  update_time: Date
  reply_comment: string | null
  reply_update_time: Date | null
  deleted_at: Date | null
}

/** DATETIME keeps whole seconds: Google's times are compared to the second. */
const sameTime = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : Math.abs(a.getTime() - b.getTime()) < 1000)

function rowOf(businessId: number, review: GoogleReviewData, now: Date) {
  return {
    business_id: businessId,
    review_name: review.name,
    reviewer_name: review.reviewerName,
    reviewer_photo_url: review.reviewerPhotoUrl,
    reviewer_anonymous: review.reviewerAnonymous,
    stars: review.stars,
    comment: review.comment,
    create_time: review.createTime,
    update_time: review.updateTime,
    reply_comment: review.replyComment,
    reply_update_time: review.replyUpdateTime,
    deleted_at: null,
    updated_at: now,
  }
}

@inject()
export default class SyncGoogleReviews {
  constructor(readonly access: ProfileAccess) {}

  /** Reads the target's reviews from Google into google_reviews; a lost connection throws GoogleConnectionLost. */
  async handle(target: SyncTarget): Promise<SyncResult> {
    if ('reviewName' in target) return this.fetchReview(target.reviewName)
    return target.full ? this.importLocation(target.location) : this.syncLocation(target.location)
  }

  /** Every review of the location; those Google no longer lists are marked deleted. */
  private async importLocation(location: GoogleLocation): Promise<SyncResult> {
    return this.withConnection(location, async (call) => {
      const baseline = await this.baselineOf(location)
      const result: SyncResult = { requests: 0, changes: [] }
      const seen = new Set<string>()
      let pageToken: string | null = null
      let complete = false
      for (let page = 0; page < MAX_IMPORT_PAGES; page++) {
        const answer: GoogleReviewPage = await call((token) => this.access.google.reviewPage(token, location.name, { pageToken }))
        result.requests++
        if (page === 0) await this.recordRating(location.businessId!, answer)
        for (const review of answer.reviews) seen.add(review.name)
        result.changes.push(...(await this.store(location.businessId!, answer.reviews)))
        pageToken = answer.nextPageToken
        if (!pageToken) {
          complete = true
          break
        }
      }
      // Only a list read to its end says what Google no longer has.
      if (complete) result.changes.push(...(await this.markGone(location, seen)))
      if (baseline) result.alerts = await this.markDue(location.businessId!, result.changes)
      else
        await db
          .from('google_locations')
          .where('id', location.id)
          .whereNull('reviews_baseline_at')
          .update({ reviews_baseline_at: new Date() })
      return result
    })
  }

  /** Newest change first, until a review already stored with the same update time. */
  private async syncLocation(location: GoogleLocation): Promise<SyncResult> {
    const any = await db.from('google_reviews').where('review_name', 'like', `${location.name}/reviews/%`).select('id').first()
    // Never read in full (a first import that failed half-way): the full import, which sets the baseline.
    if (!any || !(await this.baselineOf(location))) return this.importLocation(location)
    return this.withConnection(location, async (call) => {
      const result: SyncResult = { requests: 0, changes: [] }
      let pageToken: string | null = null
      for (let page = 0; page < MAX_INCREMENTAL_PAGES; page++) {
        const answer: GoogleReviewPage = await call((token) =>
          this.access.google.reviewPage(token, location.name, { pageToken, newestFirst: true })
        )
        result.requests++
        if (page === 0) await this.recordRating(location.businessId!, answer)
        const stored = await this.stored(answer.reviews.map((review) => review.name))
        const unchangedAt = answer.reviews.findIndex((review) => {
          const row = stored.get(review.name)
          return row !== undefined && row.deleted_at === null && sameTime(row.update_time, review.updateTime)
        })
        const fresh = unchangedAt === -1 ? answer.reviews : answer.reviews.slice(0, unchangedAt)
        result.changes.push(...(await this.store(location.businessId!, fresh, stored)))
        pageToken = answer.nextPageToken
        if (unchangedAt !== -1 || !pageToken) break
      }
      result.alerts = await this.markDue(location.businessId!, result.changes)
      return result
    })
  }

  /** One review named by a push notification, read from Google (the notification is only a hint). */
  private async fetchReview(reviewName: string): Promise<SyncResult> {
    const locationName = locationOfReview(reviewName)
    if (!locationName) return { requests: 0, changes: [], skipped: 'not a review name' }
    const locations = await GoogleLocation.query()
      .where('name', locationName)
      .whereNotNull('business_id')
      .whereIn('workspace_id', GoogleConnection.workingWorkspaceIds())
      .orderBy('id')
    if (locations.length === 0) return { requests: 0, changes: [], skipped: 'no linked location' }
    const location = locations[0]
    return this.withConnection(location, async (call) => {
      const review = await call((token) => this.access.google.review(token, reviewName))
      if (review) {
        const changes = await this.store(location.businessId!, [review])
        return { requests: 1, changes, alerts: (await this.baselineOf(location)) ? await this.markDue(location.businessId!, changes) : [] }
      }
      const gone = await db
        .from('google_reviews')
        .where('review_name', reviewName)
        .whereNull('deleted_at')
        .select('id', 'business_id', 'stars')
        .first()
      if (!gone) return { requests: 1, changes: [] }
      await db.from('google_reviews').where('id', gone.id).update({ deleted_at: new Date(), updated_at: new Date() })
      return {
        requests: 1,
        changes: [{ id: Number(gone.id), businessId: gone.business_id, reviewName, stars: gone.stars, kind: 'deleted' as const }],
      }
    })
  }

  /**
   * Runs `work` with a way to call Google with the connection (ProfileAccess.call: a second 401 or a refused refresh
   * marks it lost, mails its people once and throws GoogleConnectionLost); its last sync time recorded after.
   */
  private async withConnection(
    location: GoogleLocation,
    work: (call: <T>(request: (token: string) => Promise<T>) => Promise<T>) => Promise<SyncResult>
  ): Promise<SyncResult> {
    if (location.businessId === null) return { requests: 0, changes: [], skipped: 'location not linked' }
    const connection = await GoogleConnection.findBy('workspace_id', location.workspaceId)
    if (!connection || !connection.isWorking) return { requests: 0, changes: [], skipped: 'no working connection' }
    // A demo connection's reviews are seeded, never read from Google (docs/decisions.md D59).
    if (connection.demo) return { requests: 0, changes: [], skipped: 'demo connection' }

    const result = await work((request) => this.access.call(connection, request))
    await db.from('google_connections').where('id', connection.id).update({ last_sync_at: new Date() })
    return result
  }

  /** When the location's reviews were first read in full; null: not yet (the row, not a possibly older model). */
  private async baselineOf(location: GoogleLocation): Promise<Date | null> {
    const row = await db.from('google_locations').where('id', location.id).select('reviews_baseline_at').first()
    return row?.reviews_baseline_at ?? null
  }

  /**
   * Marks the new and changed reviews due for an alert (again, for a review alerted before it changed): those of 1-3
   * stars, and those of 4-5 when someone told about the business chose to hear of every review.
   */
  private async markDue(businessId: number, changes: ReviewChange[]) {
    const every = alertChanges(changes)
    const all = every.some((change) => change.stars > NEGATIVE_RATING_MAX) && (await someoneWantsEveryGoogleReview(businessId))
    const due = every.filter((change) => all || change.stars <= NEGATIVE_RATING_MAX)
    if (due.length === 0) return []
    await db
      .from('google_reviews')
      .whereIn(
        'id',
        due.map((change) => change.id)
      )
      // A claim of an alert being sent now is dropped too: that mail is of the review before this change.
      .update({ alert_due_at: clock.now().toJSDate(), alerted_at: null, alert_claimed_at: null })
    return due
  }

  private async stored(names: string[]) {
    if (names.length === 0) return new Map<string, StoredRow>()
    const rows: StoredRow[] = await db
      .from('google_reviews')
      .whereIn('review_name', names)
      .select('id', 'review_name', 'stars', 'comment', 'update_time', 'reply_comment', 'reply_update_time', 'deleted_at')
    return new Map(rows.map((row) => [row.review_name, row]))
  }

  /** Inserts new reviews and updates changed ones; returns what changed. */
  private async store(businessId: number, reviews: GoogleReviewData[], known?: Map<string, StoredRow>) {
    const stored = known ?? (await this.stored(reviews.map((review) => review.name)))
    const changes: ReviewChange[] = []
    const now = new Date()
    for (const review of reviews) {
      const row = stored.get(review.name)
      if (!row) {
        try {
          const [id] = await db.table('google_reviews').insert({ ...rowOf(businessId, review, now), created_at: now })
          changes.push({ id: Number(id), businessId, reviewName: review.name, stars: review.stars, kind: 'new' })
          continue
        } catch (error) {
          // Stored a moment ago by a concurrent job (a push and the sync together): updated below instead.
          if (!isDuplicateKey(error)) throw error
          const fresh = await this.stored([review.name])
          const again = fresh.get(review.name)
          if (!again) throw error
          stored.set(review.name, again)
        }
      }
      const current = stored.get(review.name)!
      const contentChanged =
        current.deleted_at !== null ||
        !sameTime(current.update_time, review.updateTime) ||
        current.stars !== review.stars ||
        current.comment !== review.comment
      const replyChanged = current.reply_comment !== review.replyComment || !sameTime(current.reply_update_time, review.replyUpdateTime)
      if (!contentChanged && !replyChanged) continue
      await db
        .from('google_reviews')
        .where('id', current.id)
        .update(rowOf(businessId, review, now))
      changes.push({
        id: Number(current.id),
        businessId,
        reviewName: review.name,
        stars: review.stars,
        kind: contentChanged ? 'changed' : 'replied',
      })
    }
    return changes
  }

  /** Reviews of the location stored and not listed by a complete import: marked deleted. */
  private async markGone(location: GoogleLocation, seen: Set<string>) {
    const rows = await db
      .from('google_reviews')
      .where('review_name', 'like', `${location.name}/reviews/%`)
      .whereNull('deleted_at')
      .select('id', 'business_id', 'review_name', 'stars')
    const gone = rows.filter((row) => !seen.has(row.review_name))
    if (gone.length === 0) return []
    const now = new Date()
    for (let i = 0; i < gone.length; i += 500) {
      await db
        .from('google_reviews')
        .whereIn(
          'id',
          gone.slice(i, i + 500).map((row) => row.id)
        )
        .update({ deleted_at: now, updated_at: now })
    }
    return gone.map((row) => ({
      id: Number(row.id),
      businessId: row.business_id,
      reviewName: row.review_name,
      stars: row.stars,
      kind: 'deleted' as const,
    }))
  }

  /**
   * A linked business's rating point comes from the reviews answer (averageRating, totalReviewCount) rather than
   * Place Details: written when the figures moved or today has no point yet.
   */
  private async recordRating(businessId: number, page: GoogleReviewPage) {
    if (page.averageRating === null || page.totalReviewCount === null) return
    const figures = { rating: Math.round(page.averageRating * 10) / 10, reviewCount: page.totalReviewCount }
    const business = await Business.find(businessId)
    if (!business) return
    const day = todayIst()
    const moved = Number(business.rating) !== figures.rating || Number(business.reviewCount) !== figures.reviewCount
    if (!moved) {
      const recorded = await GoogleRatingSnapshot.recordedOn(day, [businessId])
      if (recorded.has(businessId)) return
    }
    await db.transaction(async (trx) => {
      await trx
        .from('businesses')
        .where('id', businessId)
        .update({ rating: figures.rating, review_count: figures.reviewCount, updated_at: new Date() })
      await GoogleRatingSnapshot.record(businessId, day, figures, trx)
      reviewLinkCache.forgetBusiness(businessId, trx)
    })
  }
}
