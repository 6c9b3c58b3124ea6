/*
 * The import of a Google connection's reviews (docs/decisions.md D58). A location is due for an import from the moment
 * it is linked, whoever links it (the connection's job, the dashboard reading the locations, a person), in the same
 * write as the link, until its import ends. Whoever sees due locations queues their imports here: one per location
 * waiting or running at a time (a deduplication id, not a job id, so an import finished earlier never swallows the
 * next). Deciding from what is stored, not from what one caller linked itself, is what keeps two callers linking at
 * the same moment from both leaving the import to the other.
 *
 * The connection's `importStatus`: `queued` when connected or when a location becomes due, `running` once a job of
 * the import starts, `done` when no linked location is due any more, `failed` with Google's words when a job of it
 * fails for good (a refusal, or the last of its tries); the job says the last three (google_review_sync_job.ts). A
 * failure stays until the next import is queued.
 */
import { inject } from '@adonisjs/core'
import GoogleConnection from '#models/google_connection'
import GoogleLocation from '#models/google_location'
import { QueueService } from '#queue/queue_service'
import { QueueName, googleImportDeduplicationId } from '#queue/queues'
import type { GoogleImportStatus } from '#contract/google_connection'

export const IMPORT_NOT_QUEUED =
  'ReviewRoute could not queue the import of your reviews (its job queue did not answer). It is queued again when this page is opened.'

/** Statuses a new import may replace: not one already waiting or running. */
const SETTLED: (GoogleImportStatus | null)[] = ['done', 'failed', null]

@inject()
export default class QueueGoogleImports {
  constructor(private queues: QueueService) {}

  /**
   * Queues the import of every due location of the workspace (one waiting or running per location whatever the
   * number of callers); the connection says `queued` unless its import is already on its way. Returns how many.
   */
  async handle(workspaceId: number) {
    const due = await GoogleLocation.query()
      .where('workspace_id', workspaceId)
      .withScopes((scopes) => scopes.dueForImport())
      .orderBy('id')
      .select('id')
    if (due.length === 0) return 0
    const added = await Promise.all(
      due.map((location) =>
        this.queues.enqueue(
          QueueName.GoogleReviewSync,
          { locationId: location.id, full: true },
          { deduplication: { id: googleImportDeduplicationId(location.id) } }
        )
      )
    )
    if (added.every(Boolean)) await GoogleConnection.setImportStatus(workspaceId, 'queued', SETTLED)
    else await GoogleConnection.setImportStatus(workspaceId, 'failed', 'any', IMPORT_NOT_QUEUED)
    return due.length
  }
}
