import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import AuditLog from '#models/audit_log'
import { QueueService } from '#queue/queue_service'
import type { QueueName } from '#queue/queues'
import { NotFoundError } from '#exceptions/app_errors'
import { fromRedis } from '#queries/job_queues'

/** Runs a failed job again, or removes it, with an audit row of what it was. */
@inject()
export default class RetryOrRemoveFailedJob {
  constructor(private queues: QueueService) {}

  async handle(operator: User, name: QueueName, jobId: string, what: 'retry' | 'remove', reason: string) {
    const job = await fromRedis(() => this.queues.queue(name).getJob(jobId))
    if (!job || !(await fromRedis(() => job.isFailed()))) throw new NotFoundError('Failed job not found')
    const before = { failedReason: job.failedReason, attemptsMade: job.attemptsMade, data: job.data }
    await fromRedis(() => (what === 'retry' ? job.retry('failed') : job.remove()))
    await db.transaction((trx) =>
      AuditLog.record(trx, operator, {
        action: `job.${what}`,
        targetType: 'job',
        targetId: `${name}:${jobId}`.slice(0, 64),
        before,
        after: { [what === 'retry' ? 'retried' : 'removed']: true },
        reason,
      })
    )
  }
}
