/*
 * The job queues as operators read them (docs/decisions.md D34). Queue names are the app's own (QueueName); anything
 * else is 404, and Redis not answering is a 503 with a sentence rather than a hang or a 500.
 */
import type { QueueService } from '#queue/queue_service'
import { QueueName } from '#queue/queues'
import { NotFoundError, ServiceUnavailableError } from '#exceptions/app_errors'

const NAMES = Object.values(QueueName) as string[]
const UNAVAILABLE = 'The queues cannot be read right now (Redis is not answering). Please try again.'

export function queueNamed(name: unknown) {
  if (typeof name !== 'string' || !NAMES.includes(name)) throw new NotFoundError('Queue not found')
  return name as QueueName
}

export async function fromRedis<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await Promise.race([read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))])
  } catch (error) {
    if (error instanceof NotFoundError) throw error
    throw new ServiceUnavailableError(UNAVAILABLE)
  }
}

/** Every queue's job counts by state. */
export function queueCounts(queues: QueueService) {
  return fromRedis(() =>
    Promise.all(
      NAMES.map(async (name) => {
        const counts = await queues.queue(name as QueueName).getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')
        return {
          name,
          counts: {
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
            completed: counts.completed ?? 0,
          },
        }
      })
    )
  )
}

/** The queue's 100 latest failed jobs. */
export function failedJobs(queues: QueueService, name: QueueName) {
  return fromRedis(() => queues.queue(name).getFailed(0, 99))
}
