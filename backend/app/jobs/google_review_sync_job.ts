import { UnrecoverableError } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import GoogleProfile from '#actions/google/google_profile'
import type AutoReplyGoogleReviews from '#actions/google/auto_reply_google_reviews'
import SyncGoogleReviews, { GoogleConnectionLost, type ReviewChange, type SyncResult } from '#actions/google/sync_google_reviews'
import { GoogleApiError, GoogleGrantError } from '#services/google/business_profile'
import type { QueueService } from '#queue/queue_service'
import { QueueName, feedbackAlertJobId, googleReviewJobId, type JobPayloads } from '#queue/queues'
import { clock } from '#lib/clock'

export interface GoogleReviewSyncResult {
  requests: number
  /** Locations given their own job (the sweep and a new connection). */
  enqueued: number
  changes: ReviewChange[]
  skipped?: string
  /** Replies the auto-reply rules posted in a sweep. */
  autoReplied?: number
}

/**
 * The Google review sync's jobs (docs/decisions.md D44). The 15-minute sweep and a new connection give each linked
 * location its own job, so the locations spread over every worker and one failing is retried alone; all of them
 * share one request pace (request_pacer.ts). Google's 429 and 5xx throw, and BullMQ retries with exponential
 * backoff (queues.ts); nothing is stored twice, a review being one row by its name. A connection Google no longer
 * accepts, or an answer Google refuses (403, 404 of a location), is not retried.
 */
export default class GoogleReviewSyncJob {
  constructor(
    private sync: SyncGoogleReviews,
    private queues: Pick<QueueService, 'enqueue'>,
    private autoReply?: Pick<AutoReplyGoogleReviews, 'sweep'>
  ) {}

  async handle(payload: JobPayloads[QueueName.GoogleReviewSync]): Promise<GoogleReviewSyncResult> {
    try {
      if (payload.reviewName !== undefined) return await this.outcome(await this.sync.fetchReview(payload.reviewName))
      if (payload.locationId !== undefined) {
        const location = await GoogleLocation.find(payload.locationId)
        if (!location) return { requests: 0, enqueued: 0, changes: [], skipped: 'location gone' }
        return await this.outcome(await (payload.full ? this.sync.importLocation(location) : this.sync.syncLocation(location)))
      }
      if (payload.connectionId !== undefined) return await this.connected(payload.connectionId)
      return await this.sweep()
    } catch (error) {
      if (error instanceof GoogleConnectionLost || error instanceof GoogleGrantError) throw new UnrecoverableError(error.message)
      if (error instanceof GoogleApiError && error.kind === 'refused') {
        logger.warn({ err: error, payload }, 'Google refused a review sync request; not retried')
        throw new UnrecoverableError(error.message)
      }
      throw error
    }
  }

  /**
   * Reviews due for an alert: their businesses' alert jobs (docs/decisions.md D47). One that cannot be enqueued is
   * left to the alert sweep (the reviews stay due), so the reviews read are not read again for it.
   */
  private async outcome(result: SyncResult): Promise<GoogleReviewSyncResult> {
    const now = clock.nowMs()
    for (const businessId of new Set((result.alerts ?? []).map((change) => change.businessId))) {
      try {
        // Its own id beside a private rating's job of the window: the gate still makes one mail of both.
        await this.queues.enqueue(QueueName.FeedbackAlert, { businessId }, { jobId: `${feedbackAlertJobId(businessId, now)}-google` })
      } catch (error) {
        logger.warn({ err: error, businessId }, 'could not enqueue the alert of Google reviews; the sweep sends it')
      }
    }
    return { requests: result.requests, enqueued: 0, changes: result.changes, skipped: result.skipped }
  }

  /**
   * A connection just made: its accounts told to push review notifications (when a topic is set), its locations read
   * from Google (linked by place id), then each linked one imported.
   */
  private async connected(connectionId: number) {
    const connection = await GoogleConnection.find(connectionId)
    if (!connection || connection.error) return { requests: 0, enqueued: 0, changes: [], skipped: 'no working connection' }
    const rows = await new GoogleProfile(this.sync.google).syncLocations(connection, { watch: true })
    let enqueued = 0
    for (const row of rows.filter((location) => location.businessId !== null)) {
      await this.queues.enqueue(
        QueueName.GoogleReviewSync,
        { locationId: row.id, full: true },
        { jobId: googleReviewJobId(row.id, true, clock.nowMs()) }
      )
      enqueued++
    }
    return { requests: 0, enqueued, changes: [] }
  }

  /** Every linked location of a working connection, its own incremental job. */
  private async sweep() {
    const locations = await GoogleLocation.query()
      .whereNotNull('business_id')
      .whereIn('workspace_id', GoogleConnection.query().whereNull('error').select('workspace_id'))
      .orderBy('id')
      .select('id')
    const now = clock.nowMs()
    await Promise.all(
      locations.map((location) =>
        this.queues.enqueue(QueueName.GoogleReviewSync, { locationId: location.id }, { jobId: googleReviewJobId(location.id, false, now) })
      )
    )
    // Auto-reply rules (docs/decisions.md D48) ride on the same 15 minutes; their failing never fails the sweep.
    const swept: GoogleReviewSyncResult = { requests: 0, enqueued: locations.length, changes: [] }
    if (this.autoReply) {
      try {
        const result = await this.autoReply.sweep()
        swept.autoReplied = result.posted
      } catch (error) {
        logger.warn({ err: error }, 'the auto-reply sweep failed; the next sweep tries again')
      }
    }
    return swept
  }
}
