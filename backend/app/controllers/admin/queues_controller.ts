/*
 * The job queues for operators (docs/decisions.md D34): counts per state, failed jobs with their error, and retrying
 * or removing one, with a reason and an audit row.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { QueueService } from '#queue/queue_service'
import RetryOrRemoveFailedJob from '#actions/admin/retry_or_remove_failed_job'
import { failedJobs, queueCounts, queueNamed } from '#queries/job_queues'
import { reasonValidator } from '#validators/admin'
import type { AdminFailedJobDto, AdminQueueDto } from '#types/api'

const iso = (ms: number | undefined) => (ms ? DateTime.fromMillis(ms, { zone: 'utc' }).toISO() : null)

@inject()
export default class AdminQueuesController {
  constructor(private queues: QueueService) {}

  async index(): Promise<AdminQueueDto[]> {
    return queueCounts(this.queues)
  }

  async failed({ params }: HttpContext): Promise<AdminFailedJobDto[]> {
    const name = queueNamed(params.name)
    const jobs = await failedJobs(this.queues, name)
    return jobs.map((job) => ({
      id: String(job.id),
      queue: name,
      name: job.name,
      data: job.data,
      failedReason: job.failedReason ?? '',
      attemptsMade: job.attemptsMade,
      failedAt: iso(job.finishedOn),
      createdAt: iso(job.timestamp)!,
    }))
  }

  @inject()
  async retry(ctx: HttpContext, action: RetryOrRemoveFailedJob) {
    return this.act(ctx, action, 'retry')
  }

  @inject()
  async remove(ctx: HttpContext, action: RetryOrRemoveFailedJob) {
    return this.act(ctx, action, 'remove')
  }

  private async act({ auth, params, request }: HttpContext, action: RetryOrRemoveFailedJob, what: 'retry' | 'remove') {
    const { reason } = await request.validateUsing(reasonValidator)
    await action.handle(auth.getUserOrFail(), queueNamed(params.name), String(params.jobId), what, reason)
    return { ok: true }
  }
}
