/*
 * Owns every BullMQ queue and worker: `enqueue` for the API (never throws: a failed enqueue is logged and the
 * work is recovered by the sweeps and the nightly rollup), `startWorkers` for the worker process, `shutdown`
 * for both.
 */
import { Queue, Worker, type Job, type RedisOptions } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import queueConfig from '#config/queue'
import { DEFAULT_JOB_OPTIONS, QueueName, SCHEDULES, type JobPayloads } from '#queue/queues'

export type JobHandlers = { [N in QueueName]: (payload: JobPayloads[N], job: Job) => Promise<unknown> }

const ENQUEUE_TIMEOUT_MS = 1000
/** After a failed enqueue, later ones fail at once for this long instead of each waiting for the timeout. */
const OUTAGE_BACKOFF_MS = 5000

function withTimeout<T>(promise: Promise<T>, ms: number) {
  let timer: NodeJS.Timeout
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export interface EnqueueOptions {
  /** One job of this id ever (kept while the finished job is kept): a retry or a second enqueue does it once. */
  jobId?: string
  delay?: number
  /** One job of this id waiting or running at a time; once it has finished, the next enqueue adds a new one. */
  deduplication?: { id: string }
}

export class QueueService {
  #queues = new Map<QueueName, Queue>()
  #workers: Worker[] = []
  #unavailableUntil = 0
  #pending = new Map<QueueName, { payload: unknown; options: EnqueueOptions; resolve: (added: boolean) => void }[]>()

  constructor(private config: Omit<typeof queueConfig, 'stalledIntervalMs'> & { stalledIntervalMs?: number } = queueConfig) {}

  queue(name: QueueName) {
    let queue = this.#queues.get(name)
    if (!queue) {
      const connection: RedisOptions = {
        ...this.config.connection,
        // Producers fail fast while Redis is down instead of buffering commands.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: (times: number) => Math.min(times * 500, 5000),
      }
      queue = new Queue(name, { connection, prefix: this.config.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS })
      queue.on('error', (error) => logger.debug({ err: error, queue: name }, 'queue connection error'))
      this.#queues.set(name, queue)
    }
    return queue
  }

  /**
   * Adds one job. Jobs enqueued in the same turn of the event loop (many requests finishing at once under
   * load) go to Redis together in one addBulk per queue. Resolves true once added, false when Redis is
   * unavailable (never throws).
   */
  enqueue<N extends QueueName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<boolean> {
    if (Date.now() < this.#unavailableUntil) return Promise.resolve(false)
    return new Promise((resolve) => {
      let batch = this.#pending.get(name)
      if (!batch) {
        batch = []
        this.#pending.set(name, batch)
        setImmediate(() => void this.#addPending(name))
      }
      batch.push({ payload, options, resolve })
    })
  }

  async #addPending(name: QueueName) {
    const batch = this.#pending.get(name) ?? []
    this.#pending.delete(name)
    try {
      const jobs = batch.map(({ payload, options }) => ({ name, data: payload, opts: options }))
      await withTimeout(this.queue(name).addBulk(jobs), ENQUEUE_TIMEOUT_MS)
      for (const job of batch) job.resolve(true)
    } catch (error) {
      this.#unavailableUntil = Date.now() + OUTAGE_BACKOFF_MS
      const jobIds = batch.map(({ options }) => options.jobId)
      logger.warn({ err: error, queue: name, jobIds }, 'enqueue failed; work will be recovered later')
      for (const job of batch) job.resolve(false)
    }
  }

  async startWorkers(handlers: JobHandlers) {
    for (const name of Object.values(QueueName)) {
      const worker = new Worker(name, (job) => handlers[name](job.data as never, job), {
        // Workers wait for Redis to come back rather than fail their blocking calls.
        connection: { ...this.config.connection, maxRetriesPerRequest: null },
        prefix: this.config.prefix,
        concurrency: this.config.concurrency,
        // A worker that died holds its jobs' locks this long; then another worker's stalled check takes them back.
        ...(this.config.stalledIntervalMs
          ? { stalledInterval: this.config.stalledIntervalMs, lockDuration: this.config.stalledIntervalMs }
          : {}),
      })
      worker.on('failed', (job, error) =>
        logger.warn({ err: error, queue: name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed')
      )
      worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'worker error'))
      this.#workers.push(worker)
    }
    for (const schedule of SCHEDULES) await this.#upsertSchedule(schedule)
    // A Redis that comes back without its data (restarted without persistence, failed over, flushed) has lost
    // the schedules, and with them the sweeps that recover missed work: whenever a schedule's queue connection
    // is ready again, put its schedule back if it is missing.
    for (const schedule of SCHEDULES) {
      this.queue(schedule.queue).backend.on('ready', () => {
        this.#restoreSchedule(schedule).catch((error) =>
          logger.warn({ err: error, schedule: schedule.id }, 'could not restore a recurring schedule')
        )
      })
    }
    await Promise.all(this.#workers.map((worker) => worker.waitUntilReady()))
  }

  #upsertSchedule(schedule: (typeof SCHEDULES)[number]) {
    return this.queue(schedule.queue).upsertJobScheduler(schedule.id, schedule.repeat, {
      name: schedule.queue,
      data: {},
      opts: { attempts: DEFAULT_JOB_OPTIONS.attempts, backoff: DEFAULT_JOB_OPTIONS.backoff },
    })
  }

  async #restoreSchedule(schedule: (typeof SCHEDULES)[number]) {
    if (await this.queue(schedule.queue).getJobScheduler(schedule.id)) return
    await this.#upsertSchedule(schedule)
    logger.info({ schedule: schedule.id }, 'recurring schedule restored after Redis lost it')
  }

  /** Removes every job of every queue (tests only: their prefix is separate from development's). */
  async obliterateAll() {
    await Promise.all(Object.values(QueueName).map((name) => this.queue(name).obliterate({ force: true })))
  }

  async shutdown() {
    await Promise.allSettled(this.#workers.map((worker) => worker.close()))
    await Promise.allSettled([...this.#queues.values()].map((queue) => queue.close()))
    this.#workers = []
    this.#queues.clear()
  }
}
