#!/usr/bin/env node
/*
 * Redis memory per 1,000 businesses (docs/capacity.md): on an empty Redis of its own (BENCH_REDIS_PORT=6397), INFO
 * memory before and after what 1,000 businesses (BENCH_FOOTPRINT_BUSINESSES) leave in Redis in a day:
 *   - BullMQ jobs as the product's queues keep them (app/queue/queues.ts: finished jobs kept a day, at most 1,000 a
 *     queue): one finished feedback-alert job and one finished google-review-sync job per business, with the product's
 *     job ids and payloads (ids only);
 *   - one delayed review-request-send job per business (a request waiting out quiet hours);
 *   - rate-limiter keys (rate-limiter-flexible on Redis, as @adonisjs/limiter stores them): the business's visit-hook
 *     key and Google-rating refresh key, and the rating admission's keys of 20 customers a minute (one per address and
 *     business, kept a minute).
 * Prints bytes per key kind and per 1,000 businesses. The caches (review links, analytics reads) live in each
 * process's memory, not in Redis, and the pacer is one key for everyone.
 */
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { RateLimiterRedis } from 'rate-limiter-flexible'
import { redisCli, startRedis, stopRedis } from '../lib/compiled-api.mjs'

const port = Number(process.env.BENCH_REDIS_PORT ?? 6397)
const businesses = Number(process.env.BENCH_FOOTPRINT_BUSINESSES ?? 1000)
const KEEP = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600, count: 5000 }, attempts: 5 }
const connection = { host: '127.0.0.1', port, maxRetriesPerRequest: null }

const usedMemory = () => Number(/used_memory:(\d+)/.exec(redisCli(port, 'info', 'memory'))[1])
const keyCount = () => Number(redisCli(port, 'dbsize'))

/** Adds `jobs(i)` for every business to `name` and lets a worker finish them (so they are kept as finished). */
async function finishedJobs(name, jobs) {
  const queue = new Queue(name, { connection, prefix: 'rr' })
  await queue.addBulk(Array.from({ length: businesses }, (_, i) => ({ name, ...jobs(i + 1), opts: { ...KEEP, jobId: jobs(i + 1).jobId } })))
  let done = 0
  await new Promise((resolve) => {
    const worker = new Worker(name, async () => ({ ok: true }), { connection, prefix: 'rr', concurrency: 50 })
    worker.on('completed', () => {
      if (++done === businesses) worker.close().then(resolve)
    })
  })
  await queue.close()
}

async function measure(label, work) {
  const [bytes, keys] = [usedMemory(), keyCount()]
  await work()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const grown = usedMemory() - bytes
  return { label, bytes: grown, keys: keyCount() - keys }
}

redisCli(port, 'shutdown', 'nosave')
await startRedis(port)
const rows = []
try {
  const slot = Math.floor(Date.now() / 600_000)
  rows.push(
    await measure('feedback-alert, finished', () =>
      finishedJobs('feedback-alert', (id) => ({ data: { businessId: id }, jobId: `feedback-alert-${id}-${slot}` }))
    )
  )
  rows.push(
    await measure('google-review-sync, finished', () =>
      finishedJobs('google-review-sync', (id) => ({ data: { locationId: id }, jobId: `google-review-sync-${id}-${slot}` }))
    )
  )
  rows.push(
    await measure('review-request-send, delayed', async () => {
      const queue = new Queue('review-request-send', { connection, prefix: 'rr' })
      await queue.addBulk(
        Array.from({ length: businesses }, (_, i) => ({
          name: 'review-request-send',
          data: { requestId: i + 1 },
          opts: { ...KEEP, delay: 8 * 3_600_000, jobId: `review-request-send-${i + 1}` },
        }))
      )
      await queue.close()
    })
  )
  const client = new Redis(connection)
  const consume = (limiter, keys) => Promise.all(keys.map((key) => limiter.consume(key).catch(() => {})))
  rows.push(
    await measure('limiter: visit hook + rating refresh', async () => {
      const hooks = new RateLimiterRedis({ storeClient: client, keyPrefix: 'visit_hook', points: 120, duration: 60 })
      const refresh = new RateLimiterRedis({ storeClient: client, keyPrefix: 'google_rating', points: 1, duration: 600 })
      const ids = Array.from({ length: businesses }, (_, i) => i + 1)
      await consume(
        hooks,
        ids.map((id) => `hook-secret-${id}-${'x'.repeat(24)}`)
      )
      await consume(
        refresh,
        ids.map((id) => `business_${id}`)
      )
    })
  )
  rows.push(
    await measure('limiter: 20 ratings a minute a business', async () => {
      // rating_admission.ts: one key per address and business, for a minute.
      const ratings = new RateLimiterRedis({ storeClient: client, keyPrefix: 'rlflx', points: 60, duration: 60 })
      for (let b = 1; b <= businesses; b++) {
        await consume(
          ratings,
          Array.from({ length: 20 }, (_, k) => `rating_ip_203.${b >> 8}.${b & 255}.${k}_${b}`)
        )
      }
    })
  )
  client.disconnect()
} finally {
  await stopRedis(port)
}

const total = rows.reduce((sum, row) => sum + row.bytes, 0)
console.log(`Redis memory for ${businesses.toLocaleString('en-IN')} businesses (used_memory growth)`)
for (const row of rows) {
  console.log(`${row.label.padEnd(44)} ${String(row.keys).padStart(7)} keys ${(row.bytes / 1024).toFixed(0).padStart(8)} KiB`)
}
console.log(
  `${'total'.padEnd(44)} ${''.padStart(12)} ${(total / 1024).toFixed(0).padStart(8)} KiB = ${(total / businesses).toFixed(0)} bytes a business`
)
