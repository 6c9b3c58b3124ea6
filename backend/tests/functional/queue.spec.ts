/*
 * The BullMQ queue service against the real Redis (docs/decisions.md D11): default retry and cleanup options, stable job
 * ids, workers, recurring schedules, retries with backoff, graceful shutdown; and what happens when Redis is
 * down: enqueue gives up fast, and the API still starts and stores review submissions (docs/decisions.md D5).
 */
import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import type { Job } from 'bullmq'
import { Redis } from 'ioredis'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import queueConfig from '#config/queue'
import { QueueService, type JobHandlers } from '#queue/queue_service'
import { DEFAULT_JOB_OPTIONS, QueueName, SCHEDULES } from '#queue/queues'
import FeedbackAlertJob from '#jobs/feedback_alert_job'
import { fileMailbox } from '#tests/helpers/mailbox'
import { clock } from '#lib/clock'
import { isolated } from '#tests/helpers/setup'
import { childProcessEnv, closedPort } from '#tests/helpers/child_processes'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { UserFactory } from '#database/factories/index'

const REDIS = { host: '127.0.0.1', port: 6379 }

/** A queue service on a loopback port nothing listens on: Redis is down. */
const unreachable = async () =>
  new QueueService({ connection: { host: '127.0.0.1', port: await closedPort(), password: undefined }, prefix: 'x', concurrency: 1 })

/** A prefix of our own per service, under this run's test prefix, so nothing else's jobs are touched. */
let prefixSequence = 0
const uniquePrefix = () => `${queueConfig.prefix}-${Date.now().toString(36)}-${++prefixSequence}`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `probe` gives something truthy; fails after `timeoutMs`. */
async function waitFor<T>(what: string, probe: () => Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value) return value as NonNullable<T>
    await sleep(25)
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** Settles with `promise`, or rejects after `ms`: closing a client must not hang the run. */
function bounded<T>(promise: Promise<T>, ms: number, what: string) {
  let timer: NodeJS.Timeout
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/** Keys left in Redis under a prefix. */
async function keysUnder(prefix: string) {
  const redis = new Redis({ ...REDIS, lazyConnect: true })
  await redis.connect()
  try {
    return await redis.keys(`${prefix}:*`)
  } finally {
    redis.disconnect()
  }
}

const serviceFor = (prefix: string, concurrency = 2) =>
  new QueueService({ connection: { ...REDIS, password: undefined }, prefix, concurrency })

async function dispose(queues: QueueService) {
  await bounded(queues.obliterateAll(), 5000, 'obliterate')
  await bounded(queues.shutdown(), 5000, 'shutdown')
}

interface Call {
  queue: QueueName
  jobId: string | undefined
  data: unknown
  attempt: number
  at: number
}

/**
 * Handlers that record every call. A job listed in `failures` throws until it has failed that many times.
 */
function recordingHandlers(calls: Call[], failures: Map<string, number>): JobHandlers {
  const handler = (queue: QueueName) => async (data: unknown, job: Job) => {
    calls.push({ queue, jobId: job.id, data, attempt: job.attemptsMade + 1, at: Date.now() })
    const failTimes = failures.get(job.id!) ?? 0
    if (job.attemptsMade < failTimes) throw new Error(`planned failure ${job.attemptsMade + 1}`)
    return { handled: queue }
  }
  return {
    [QueueName.TrialExpiry]: handler(QueueName.TrialExpiry),
    [QueueName.SyncUser]: handler(QueueName.SyncUser),
    [QueueName.AnalyticsRollup]: handler(QueueName.AnalyticsRollup),
    [QueueName.FeedbackAlert]: handler(QueueName.FeedbackAlert),
    [QueueName.MemberAlert]: handler(QueueName.MemberAlert),
    [QueueName.FeedbackDigest]: handler(QueueName.FeedbackDigest),
    [QueueName.WeeklySummary]: handler(QueueName.WeeklySummary),
    [QueueName.ReceiptMail]: handler(QueueName.ReceiptMail),
    [QueueName.ReviewRequestSend]: handler(QueueName.ReviewRequestSend),
    [QueueName.DataRetention]: handler(QueueName.DataRetention),
    [QueueName.GoogleRating]: handler(QueueName.GoogleRating),
    [QueueName.GoogleReviewSync]: handler(QueueName.GoogleReviewSync),
  }
}

const stateOf = async (queues: QueueService, name: QueueName, jobId: string) => (await queues.queue(name).getJob(jobId))?.getState()

test.group('Queue service: enqueue', (group) => {
  const prefix = uniquePrefix()
  let queues: QueueService
  group.setup(() => {
    queues = serviceFor(prefix)
    return () => dispose(queues)
  })

  test('enqueue answers true and the job carries the default retry and cleanup options', async ({ assert }) => {
    assert.isTrue(await queues.enqueue(QueueName.SyncUser, { userId: 41 }, { jobId: 'sync-user-41-test' }))

    const job = await queues.queue(QueueName.SyncUser).getJob('sync-user-41-test')
    assert.exists(job)
    assert.equal(job!.name, QueueName.SyncUser)
    assert.deepEqual(job!.data, { userId: 41 })
    assert.equal(await job!.getState(), 'waiting')
    assert.equal(job!.opts.attempts, 5)
    assert.deepEqual(job!.opts.backoff, { type: 'exponential', delay: 2000 })
    assert.deepEqual(job!.opts.removeOnComplete, DEFAULT_JOB_OPTIONS.removeOnComplete)
    assert.deepEqual(job!.opts.removeOnFail, DEFAULT_JOB_OPTIONS.removeOnFail)
    // Finished jobs do not pile up: both kinds are cleaned up by age and count.
    assert.containsSubset(job!.opts.removeOnComplete, { age: 24 * 3600, count: 1000 })
    assert.containsSubset(job!.opts.removeOnFail, { age: 7 * 24 * 3600, count: 5000 })
  })

  test('a job without an id gets the same defaults', async ({ assert }) => {
    assert.isTrue(await queues.enqueue(QueueName.AnalyticsRollup, { from: '2025-01-01', to: '2025-01-02' }))

    const jobs = await queues.queue(QueueName.AnalyticsRollup).getJobs(['waiting'])
    const job = jobs.find((candidate) => candidate.data.from === '2025-01-01')
    assert.exists(job)
    assert.equal(job!.opts.attempts, 5)
    assert.deepEqual(job!.opts.backoff, { type: 'exponential', delay: 2000 })
    assert.deepEqual(job!.opts.removeOnComplete, DEFAULT_JOB_OPTIONS.removeOnComplete)
  })

  test('the same job id enqueued twice is one job', async ({ assert }) => {
    assert.isTrue(await queues.enqueue(QueueName.FeedbackAlert, { businessId: 9001 }, { jobId: 'feedback-alert-9001' }))
    assert.isTrue(await queues.enqueue(QueueName.FeedbackAlert, { businessId: 9002 }, { jobId: 'feedback-alert-9001' }))

    const jobs = await queues.queue(QueueName.FeedbackAlert).getJobs(['waiting', 'delayed', 'prioritized'])
    assert.deepEqual(
      jobs.map((job) => [job.id, job.data]),
      [['feedback-alert-9001', { businessId: 9001 }]]
    )
    assert.equal(await queues.queue(QueueName.FeedbackAlert).count(), 1)
  })

  test('obliterating removes every key of the prefix', async ({ assert }) => {
    const own = uniquePrefix()
    const scratch = serviceFor(own)
    assert.isTrue(await scratch.enqueue(QueueName.SyncUser, { userId: 1 }, { jobId: 'sync-user-1-scratch' }))
    assert.isAbove((await keysUnder(own)).length, 0)

    await dispose(scratch)

    assert.deepEqual(await keysUnder(own), [])
  })
})

test.group('Queue service: workers', (group) => {
  const prefix = uniquePrefix()
  const calls: Call[] = []
  const failures = new Map<string, number>()
  let queues: QueueService
  group.setup(async () => {
    queues = serviceFor(prefix)
    await bounded(queues.startWorkers(recordingHandlers(calls, failures)), 10_000, 'startWorkers')
    return () => dispose(queues)
  })

  const callsOf = (jobId: string) => calls.filter((call) => call.jobId === jobId)

  test('a queued job is handed to its handler with its payload', async ({ assert }) => {
    assert.isTrue(await queues.enqueue(QueueName.SyncUser, { userId: 7 }, { jobId: 'sync-user-7-worker' }))

    await waitFor('the job to complete', async () => (await stateOf(queues, QueueName.SyncUser, 'sync-user-7-worker')) === 'completed')

    assert.deepEqual(
      callsOf('sync-user-7-worker').map((call) => [call.queue, call.data, call.attempt]),
      [[QueueName.SyncUser, { userId: 7 }, 1]]
    )
    const job = await queues.queue(QueueName.SyncUser).getJob('sync-user-7-worker')
    assert.deepEqual(job!.returnvalue, { handled: QueueName.SyncUser })
  })

  test('each queue has its own handler', async ({ assert }) => {
    await queues.enqueue(QueueName.FeedbackAlert, { businessId: 12 }, { jobId: 'feedback-alert-12-worker' })
    await queues.enqueue(QueueName.AnalyticsRollup, { from: '2025-02-01' }, { jobId: 'rollup-worker' })

    await waitFor('both jobs to complete', async () => {
      const states = await Promise.all([
        stateOf(queues, QueueName.FeedbackAlert, 'feedback-alert-12-worker'),
        stateOf(queues, QueueName.AnalyticsRollup, 'rollup-worker'),
      ])
      return states.every((state) => state === 'completed')
    })

    assert.deepEqual(
      callsOf('feedback-alert-12-worker').map((call) => [call.queue, call.data]),
      [[QueueName.FeedbackAlert, { businessId: 12 }]]
    )
    assert.deepEqual(
      callsOf('rollup-worker').map((call) => [call.queue, call.data]),
      [[QueueName.AnalyticsRollup, { from: '2025-02-01' }]]
    )
  })

  test('the recurring schedules exist after the workers start', async ({ assert }) => {
    for (const schedule of SCHEDULES) {
      const schedulers = await queues.queue(schedule.queue).getJobSchedulers()
      assert.deepEqual(
        schedulers.map((scheduler) => scheduler.key),
        [schedule.id],
        `schedulers of ${schedule.queue}`
      )
    }
    const [rollup] = await queues.queue(QueueName.AnalyticsRollup).getJobSchedulers()
    assert.equal(rollup.pattern, '10 0 * * *')
    assert.equal(rollup.tz, 'Asia/Kolkata')
    const [expiry] = await queues.queue(QueueName.TrialExpiry).getJobSchedulers()
    assert.equal(Number(expiry.every), 15 * 60 * 1000)
    const [sweep] = await queues.queue(QueueName.FeedbackAlert).getJobSchedulers()
    assert.equal(Number(sweep.every), 10 * 60 * 1000)
  })

  test('a second worker process starting does not duplicate the schedules', async ({ assert }) => {
    const replica = serviceFor(prefix)
    try {
      await bounded(replica.startWorkers(recordingHandlers([], new Map())), 10_000, 'replica startWorkers')
    } finally {
      await bounded(replica.shutdown(), 5000, 'replica shutdown')
    }

    for (const schedule of SCHEDULES) {
      assert.equal(await queues.queue(schedule.queue).getJobSchedulersCount(), 1, `schedulers of ${schedule.queue}`)
    }
  })

  test('a schedule Redis lost (restarted without its data) is put back when the connection is ready again', async ({ assert }) => {
    const sweeps = queues.queue(QueueName.FeedbackAlert)
    await sweeps.removeJobScheduler('feedback-alert-sweep')
    assert.isUndefined(await sweeps.getJobScheduler('feedback-alert-sweep'))

    // Reconnect the way ioredis does after an outage: the connection drops and becomes ready again.
    const client: Redis = await (sweeps.backend as any).client
    client.disconnect(true)

    // While reconnecting, commands fail at once (no offline queue): keep asking until it is back.
    const restored = await waitFor('the sweep schedule to be restored', () =>
      sweeps.getJobScheduler('feedback-alert-sweep').catch(() => undefined)
    )
    assert.equal(Number(restored.every), 10 * 60 * 1000)
    for (const schedule of SCHEDULES) {
      assert.equal(await queues.queue(schedule.queue).getJobSchedulersCount(), 1, `schedulers of ${schedule.queue}`)
    }
  })

  test('a handler that throws is retried until it succeeds', async ({ assert }) => {
    failures.set('rollup-retry', 2)
    await queues
      .queue(QueueName.AnalyticsRollup)
      .add(
        QueueName.AnalyticsRollup,
        { from: '2025-03-01' },
        { jobId: 'rollup-retry', attempts: 4, backoff: { type: 'fixed', delay: 100 } }
      )

    await waitFor(
      'the retried job to complete',
      async () => (await stateOf(queues, QueueName.AnalyticsRollup, 'rollup-retry')) === 'completed'
    )

    assert.deepEqual(
      callsOf('rollup-retry').map((call) => call.attempt),
      [1, 2, 3]
    )
    const job = await queues.queue(QueueName.AnalyticsRollup).getJob('rollup-retry')
    assert.isAbove(job!.attemptsMade, 1)
  })

  test('a job that keeps failing ends failed after its attempts', async ({ assert }) => {
    failures.set('sync-user-always-fails', 99)
    await queues
      .queue(QueueName.SyncUser)
      .add(QueueName.SyncUser, { userId: 99 }, { jobId: 'sync-user-always-fails', attempts: 3, backoff: { type: 'fixed', delay: 50 } })

    await waitFor(
      'the job to fail for good',
      async () => (await stateOf(queues, QueueName.SyncUser, 'sync-user-always-fails')) === 'failed'
    )

    const job = await queues.queue(QueueName.SyncUser).getJob('sync-user-always-fails')
    assert.equal(job!.attemptsMade, 3)
    assert.equal(job!.failedReason, 'planned failure 3')
    assert.lengthOf(callsOf('sync-user-always-fails'), 3)
  })

  test('with the default options a failed job waits about 2 s (exponential backoff) and is retried', async ({ assert }) => {
    failures.set('feedback-alert-backoff', 1)
    assert.isTrue(await queues.enqueue(QueueName.FeedbackAlert, { businessId: 77 }, { jobId: 'feedback-alert-backoff' }))

    await waitFor('the first failure', async () => (await stateOf(queues, QueueName.FeedbackAlert, 'feedback-alert-backoff')) === 'delayed')
    const delayed = await queues.queue(QueueName.FeedbackAlert).getJob('feedback-alert-backoff')
    assert.equal(delayed!.attemptsMade, 1)

    await waitFor(
      'the retry to complete',
      async () => (await stateOf(queues, QueueName.FeedbackAlert, 'feedback-alert-backoff')) === 'completed',
      8000
    )
    const [first, second] = callsOf('feedback-alert-backoff')
    assert.deepEqual([first.attempt, second.attempt], [1, 2])
    assert.isAtLeast(second.at - first.at, 1900)
    assert.isBelow(second.at - first.at, 6000)
  }).timeout(15_000)
})

test.group('Queue service: shutdown', () => {
  test('shutdown lets the running job finish, then closes', async ({ assert }) => {
    const prefix = uniquePrefix()
    const queues = serviceFor(prefix, 1)
    let started = false
    let finished = false
    const handlers = recordingHandlers([], new Map())
    handlers[QueueName.SyncUser] = async () => {
      started = true
      await sleep(400)
      finished = true
      return { slow: true }
    }
    try {
      await bounded(queues.startWorkers(handlers), 10_000, 'startWorkers')
      await queues.enqueue(QueueName.SyncUser, { userId: 5 }, { jobId: 'sync-user-5-slow' })
      await waitFor('the slow job to start', async () => started)

      await bounded(queues.shutdown(), 5000, 'shutdown')

      assert.isTrue(finished, 'the running job finished before shutdown resolved')
      assert.equal(await stateOf(queues, QueueName.SyncUser, 'sync-user-5-slow'), 'completed')
    } finally {
      await dispose(queues)
    }
    assert.deepEqual(await keysUnder(prefix), [])
  })
})

test.group('Redis down: enqueue', () => {
  test('enqueue answers false within 1.5 s', async ({ assert }) => {
    const down = await unreachable()
    try {
      const started = Date.now()
      const queued = await down.enqueue(QueueName.SyncUser, { userId: 1 }, { jobId: 'sync-user-1-down' })
      const elapsed = Date.now() - started

      assert.isFalse(queued)
      assert.isBelow(elapsed, 1500)

      // A second try, once the client has given up connecting at least once, is just as fast.
      const again = Date.now()
      assert.isFalse(await down.enqueue(QueueName.FeedbackAlert, { businessId: 1 }))
      assert.isBelow(Date.now() - again, 1500)
    } finally {
      await bounded(down.shutdown(), 5000, 'shutdown of the unreachable service')
    }
  })
})

test.group('Redis down: outage backoff', () => {
  test('after a failed enqueue, the next ones are refused without waiting on Redis again', async ({ assert }) => {
    const down = await unreachable()
    try {
      assert.isFalse(await down.enqueue(QueueName.SyncUser, { userId: 1 }))

      const original = down.queue.bind(down)
      let touched = 0
      down.queue = (name) => {
        touched++
        return original(name)
      }
      assert.isFalse(await down.enqueue(QueueName.FeedbackAlert, { businessId: 2 }))
      assert.isFalse(await down.enqueue(QueueName.SyncUser, { userId: 3 }))
      assert.equal(touched, 0, 'no queue was asked while the outage backoff lasts')
    } finally {
      await bounded(down.shutdown(), 5000, 'shutdown of the unreachable service')
    }
  })
})

test.group('Redis down: the review flow and sync-user', (group) => {
  isolated(group)
  let down: QueueService
  group.setup(async () => {
    down = await unreachable()
    return () => bounded(down.shutdown(), 5000, 'shutdown of the unreachable service')
  })
  group.each.setup(() => {
    app.container.swap(QueueService, () => down)
    return () => {
      app.container.restore(QueueService)
      clock.reset()
    }
  })

  test('a low rating with feedback is answered 200 and stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const started = Date.now()
    const response = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 2, feedback: 'Cold coffee, slow service' })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: false, counted: true })
    assert.isBelow(Date.now() - started, 3000)
    const rows = await db.from('review_sessions').where('business_id', business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 2)
    assert.equal(rows[0].feedback, 'Cold coffee, slow service')
    assert.isNull(rows[0].alerted_at)
  })

  test('a 5-star rating is answered with the Google link and stored', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness()

    const response = await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 5 })

    response.assertStatus(200)
    assert.deepEqual(response.body(), { redirect: true, url: business.googleReviewUrl, counted: true })
    const rows = await db.from('review_sessions').where('business_id', business.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].rating, 5)
    assert.equal(Boolean(rows[0].redirected), true)
  })

  test('the alert that could not be queued is sent by the sweep later', async ({ client, assert, cleanup }) => {
    const mail = await fileMailbox(cleanup)
    const { user: owner, business } = await ownerWithBusiness()
    ;(await client.post(`/api/review/${business.shortUrl}/submit`).json({ rating: 1, feedback: 'Never again' })).assertStatus(200)

    clock.travelTo(clock.now().plus({ minutes: 15 }))
    assert.deepEqual(await new FeedbackAlertJob(mail.mailer).handle({}), { alerted: 1 })

    const mails = await mail.read()
    assert.lengthOf(mails, 1)
    const [sent] = mails
    assert.equal(sent.kind, 'feedback-alert')
    assert.equal(sent.to, owner.email)
    assert.include(sent.text, 'Never again')
  })

  test('sync-user still answers and records last seen right away', async ({ client, assert }) => {
    const owner = await UserFactory.create()

    const response = await client.post('/api/auth/sync-user').loginAs(owner)

    response.assertStatus(200)
    assert.equal(response.body().id, owner.id)
    const row = await db.from('users').where('id', owner.id).firstOrFail()
    assert.instanceOf(row.last_seen_at, Date)
  })
})

/*
 * A real API process started with Redis unreachable (rate limits on the Redis store, as in production). It
 * writes to this run's database, so the owner and business it serves are committed here and deleted after.
 */
test.group('Redis down: the API process', () => {
  async function startApi(port: number, redisPort: number) {
    const child = spawn(process.execPath, ['--import', 'ts-node-maintained/register/esm', 'bin/server.js'], {
      cwd: app.makePath(),
      env: childProcessEnv('down', {
        HOST: '127.0.0.1',
        PORT: String(port),
        REDIS_HOST: '127.0.0.1',
        REDIS_PORT: String(redisPort),
        LIMITER_STORE: 'redis',
      }),
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    return { child, output: () => stderr }
  }

  async function stop(child: ChildProcess) {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    try {
      await bounded(exited, 5000, 'API process exit')
    } catch {
      child.kill('SIGKILL')
    }
  }

  test('starts, answers and stores review submissions', async ({ assert }) => {
    const { user: owner, business } = await ownerWithBusiness()
    const port = await closedPort()
    const api = await startApi(port, await closedPort())
    const base = `http://127.0.0.1:${port}`
    try {
      const health = await waitFor(
        'the API to answer',
        async () => {
          if (api.child.exitCode !== null) throw new Error(`the API exited: ${api.output()}`)
          return fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3000) }).catch(() => null)
        },
        40_000
      )
      assert.equal(health.status, 503)
      assert.containsSubset(await health.json(), { mysql: 'up', redis: 'down', error: 'Redis is down' })

      const post = (body: unknown) =>
        fetch(`${base}/api/review/${business.shortUrl}/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        })
      const low = await post({ rating: 2, feedback: 'Stored without Redis' })
      assert.equal(low.status, 200)
      assert.deepEqual(await low.json(), { redirect: false, counted: true })
      const high = await post({ rating: 5 })
      assert.equal(high.status, 200)
      assert.deepEqual(await high.json(), { redirect: true, url: business.googleReviewUrl, counted: true })

      const rows = await db.from('review_sessions').where('business_id', business.id).orderBy('id')
      assert.deepEqual(
        rows.map((row) => [row.rating, row.feedback]),
        [
          [2, 'Stored without Redis'],
          [5, null],
        ]
      )
    } finally {
      await stop(api.child)
      await owner.delete()
    }
  }).timeout(60_000)
})
