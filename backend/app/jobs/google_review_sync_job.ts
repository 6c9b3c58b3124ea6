import { UnrecoverableError, type Job } from 'bullmq'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import type AutoReplyGoogleReviews from '#actions/google/auto_reply_google_reviews'
import SyncGoogleReviews, { type ReviewChange, type SyncResult } from '#actions/google/sync_google_reviews'
import SyncGoogleLocations from '#actions/google/sync_google_locations'
import QueueGoogleImports from '#actions/google/queue_google_imports'
import { GoogleApiError } from '#services/google/business_profile'
import { GOOGLE_GRANT_LOST, GoogleConnectionLost } from '#services/google/profile_access'
import type { QueueService } from '#queue/queue_service'
import { QueueName, alertSlot, feedbackAlertJobId, googleImportDeduplicationId, googleReviewJobId, type JobPayloads } from '#queue/queues'
import { clock } from '#lib/clock'

/** A failed import's words when the failure is ours, not Google's (the next sync tries again). */
export const IMPORT_STOPPED = 'ReviewRoute could not finish reading your reviews. The next sync, within 15 minutes, tries again.'

/** A job of the import started: `running` (from queued, or from nothing said yet). */
const importStarted = (workspaceId: number) => GoogleConnection.setImportStatus(workspaceId, 'running', ['queued', null])

/** `done` when no linked location is due (a failure stays until the next import is queued). */
async function settleImport(workspaceId: number) {
  const due = await GoogleLocation.query()
    .where('workspace_id', workspaceId)
    .withScopes((scopes) => scopes.dueForImport())
    .select('id')
    .first()
  if (!due) await GoogleConnection.setImportStatus(workspaceId, 'done', ['queued', 'running', null])
}

/**
 * A location's import, started at `startedAt`, ended (or failed for good): no longer due, unless linked again since it
 * started (that link's import is still to come). DATETIME keeps whole seconds (MySQL rounds, MariaDB cuts): a due
 * time within a second of the start is its own.
 */
function importNotDue(location: GoogleLocation, startedAt: Date) {
  const before = new Date(startedAt.getTime() + 1000)
  return db
    .from('google_locations')
    .where('id', location.id)
    .where((query) => query.whereNull('import_due_at').orWhere('import_due_at', '<', before))
    .update({ import_due_at: null })
}

/** A job of the import failed for good: the location (if any) no longer due, the connection `failed` with `words`. */
async function importFailed(workspaceId: number, words: string, location?: { row: GoogleLocation; startedAt: Date }) {
  if (location) await importNotDue(location.row, location.startedAt)
  await GoogleConnection.setImportStatus(workspaceId, 'failed', 'any', words)
}

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
 * accepts, or an answer Google refuses (403, 404 of a location), is not retried. A new connection's job and each
 * full import tell the connection where its import is (queue_google_imports.ts, docs/decisions.md D58).
 */
export default class GoogleReviewSyncJob {
  constructor(
    private sync: SyncGoogleReviews,
    private queues: Pick<QueueService, 'enqueue'>,
    private autoReply?: Pick<AutoReplyGoogleReviews, 'handle'>
  ) {}

  /** `job`: BullMQ's, for whether this is its last try (without it, as in a direct call, every try is the last). */
  async handle(
    payload: JobPayloads[QueueName.GoogleReviewSync],
    job?: Pick<Job, 'attemptsMade' | 'opts'>
  ): Promise<GoogleReviewSyncResult> {
    // What the connection's import status is about: a new connection's job, or a location's full import.
    let importOf: { workspaceId: number; location?: { row: GoogleLocation; startedAt: Date } } | null = null
    try {
      if (payload.reviewName !== undefined) return await this.outcome(await this.sync.handle({ reviewName: payload.reviewName }))
      if (payload.locationId !== undefined) {
        const location = await GoogleLocation.find(payload.locationId)
        if (!location) return { requests: 0, enqueued: 0, changes: [], skipped: 'location gone' }
        if (!payload.full) return await this.outcome(await this.sync.handle({ location }))
        const startedAt = clock.now().toJSDate()
        importOf = { workspaceId: location.workspaceId, location: { row: location, startedAt } }
        return await this.imported(location, startedAt)
      }
      if (payload.connectionId !== undefined) {
        const connection = await GoogleConnection.find(payload.connectionId)
        if (connection) importOf = { workspaceId: connection.workspaceId }
        return await this.connected(connection)
      }
      return await this.sweep()
    } catch (error) {
      const refused = error instanceof GoogleApiError && error.kind === 'refused'
      const lost = error instanceof GoogleConnectionLost
      const lastTry = !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (importOf && (refused || lost || lastTry)) await this.importFailed(importOf, error)
      if (lost) throw new UnrecoverableError(error.message)
      if (refused) {
        logger.warn({ err: error, payload }, 'Google refused a review sync request; not retried')
        throw new UnrecoverableError(error.message)
      }
      throw error
    }
  }

  /** One location's reviews read in full, said on its connection (running, then done once none is due). */
  private async imported(location: GoogleLocation, startedAt: Date) {
    await importStarted(location.workspaceId)
    const result = await this.sync.handle({ location, full: true })
    if (result.skipped === 'no working connection') {
      const connection = await GoogleConnection.findBy('workspace_id', location.workspaceId)
      const words = connection?.error ?? GOOGLE_GRANT_LOST
      if (connection) await importFailed(location.workspaceId, words, { row: location, startedAt })
    } else {
      await importNotDue(location, startedAt)
      await settleImport(location.workspaceId)
    }
    return this.outcome(result)
  }

  /** Google's words for a failed import: its own answer, or that the connection was lost; ours for anything else. */
  private async importFailed(importOf: { workspaceId: number; location?: { row: GoogleLocation; startedAt: Date } }, error: unknown) {
    const words =
      error instanceof GoogleApiError ? error.message : error instanceof GoogleConnectionLost ? GOOGLE_GRANT_LOST : IMPORT_STOPPED
    try {
      await importFailed(importOf.workspaceId, words, importOf.location)
    } catch (failure) {
      logger.warn({ err: failure, workspaceId: importOf.workspaceId }, 'could not record that the Google import failed')
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
        await this.queues.enqueue(
          QueueName.FeedbackAlert,
          { businessId },
          { jobId: feedbackAlertJobId(businessId, `google-${alertSlot(now)}`) }
        )
      } catch (error) {
        logger.warn({ err: error, businessId }, 'could not enqueue the alert of Google reviews; the sweep sends it')
      }
    }
    return { requests: result.requests, enqueued: 0, changes: result.changes, skipped: result.skipped }
  }

  /**
   * A connection just made: its accounts told to push review notifications (when a topic is set), its locations read
   * from Google (linked by place id), then each linked one imported. Which ones are linked is read back from the
   * database, not taken from this job's own linking: the dashboard reads (and links) the locations at the same moment.
   */
  private async connected(connection: GoogleConnection | null) {
    if (!connection) return { requests: 0, enqueued: 0, changes: [], skipped: 'no working connection' }
    if (!connection.isWorking) {
      await importFailed(connection.workspaceId, connection.error ?? GOOGLE_GRANT_LOST)
      return { requests: 0, enqueued: 0, changes: [], skipped: 'no working connection' }
    }
    await importStarted(connection.workspaceId)
    await new SyncGoogleLocations(this.sync.access).handle(connection, { watch: true })
    // Every linked location made due now (a connection made again imports them all again).
    await db
      .from('google_locations')
      .where('workspace_id', connection.workspaceId)
      .whereNotNull('business_id')
      .update({ import_due_at: clock.now().toJSDate(), updated_at: new Date() })
    // The action uses only the queue service's enqueue, all this job is given (tests give it a recorder).
    const enqueued = await new QueueGoogleImports(this.queues as QueueService).handle(connection.workspaceId)
    if (enqueued === 0) await settleImport(connection.workspaceId)
    return { requests: 0, enqueued, changes: [] }
  }

  /**
   * Every linked location of a working connection, its own incremental job; one still due for its import (its job
   * lost with a Redis that forgot it), its import again.
   */
  private async sweep() {
    const locations = await GoogleLocation.query()
      .whereNotNull('business_id')
      .whereIn('workspace_id', GoogleConnection.workingWorkspaceIds())
      .orderBy('id')
      .select('id', 'import_due_at')
    const now = clock.nowMs()
    await Promise.all(
      locations.map((location) =>
        location.importDueAt
          ? this.queues.enqueue(
              QueueName.GoogleReviewSync,
              { locationId: location.id, full: true },
              { deduplication: { id: googleImportDeduplicationId(location.id) } }
            )
          : this.queues.enqueue(
              QueueName.GoogleReviewSync,
              { locationId: location.id },
              { jobId: googleReviewJobId(location.id, false, now) }
            )
      )
    )
    // Auto-reply rules (docs/decisions.md D48) ride on the same 15 minutes; their failing never fails the sweep.
    const swept: GoogleReviewSyncResult = { requests: 0, enqueued: locations.length, changes: [] }
    if (this.autoReply) {
      try {
        const result = await this.autoReply.handle()
        swept.autoReplied = result.posted
      } catch (error) {
        logger.warn({ err: error }, 'the auto-reply sweep failed; the next sweep tries again')
      }
    }
    return swept
  }
}
