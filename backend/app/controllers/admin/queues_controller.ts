/*
 * The job queues for operators (docs/decisions.md D34): counts per state, failed jobs with their error, and retrying
 * or removing one, with a reason and an audit row. Queue names are the app's own (QueueName); anything else is 404.
 */
import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import AuditLog from '#models/audit_log'
import { reasonValidator } from '#validators/admin'
import { NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'
import type { AdminFailedJobDto, AdminQueueDto } from '#types/api'

const NAMES = Object.values(QueueName) as string[]
const UNAVAILABLE = 'The queues cannot be read right now (Redis is not answering). Please try again.'

function queueNamed(name: unknown) {
  if (typeof name !== 'string' || !NAMES.includes(name)) throw new NotFoundError('Queue not found')
  return name as QueueName
}

/** Redis down answers 503 with a sentence rather than hanging or a 500. */
async function fromRedis<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await Promise.race([read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))])
  } catch (error) {
    if (error instanceof NotFoundError) throw error
    throw new ServiceUnavailableError(UNAVAILABLE)
  }
}

const iso = (ms: number | undefined) => (ms ? DateTime.fromMillis(ms, { zone: 'utc' }).toISO() : null)

export default class AdminQueuesController {
  async index(): Promise<AdminQueueDto[]> {
    const queues = await app.container.make(QueueService)
    return fromRedis(() =>
      Promise.all(
        NAMES.map(async (name) => {
          const counts = await queues.queue(name as QueueName).getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')
          return { name, counts: { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0, completed: counts.completed ?? 0 } }
        })
      )
    )
  }

  async failed({ params }: HttpContext): Promise<AdminFailedJobDto[]> {
    const name = queueNamed(params.name)
    const queues = await app.container.make(QueueService)
    const jobs = await fromRedis(() => queues.queue(name).getFailed(0, 99))
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

  async retry(ctx: HttpContext) {
    return this.act(ctx, 'retry')
  }

  async remove(ctx: HttpContext) {
    return this.act(ctx, 'remove')
  }

  private async act({ auth, params, request }: HttpContext, what: 'retry' | 'remove') {
    const { reason } = await request.validateUsing(reasonValidator)
    const name = queueNamed(params.name)
    const jobId = String(params.jobId)
    const queues = await app.container.make(QueueService)
    const job = await fromRedis(() => queues.queue(name).getJob(jobId))
    if (!job || !(await fromRedis(() => job.isFailed()))) throw new NotFoundError('Failed job not found')
    const before = { failedReason: job.failedReason, attemptsMade: job.attemptsMade, data: job.data }
    await fromRedis(() => (what === 'retry' ? job.retry('failed') : job.remove()))
    await db.transaction((trx) =>
      AuditLog.record(trx, auth.getUserOrFail(), { action: `job.${what}`, targetType: 'job', targetId: `${name}:${jobId}`.slice(0, 64), before, after: { [what === 'retry' ? 'retried' : 'removed']: true }, reason })
    )
    return { ok: true }
  }
}
