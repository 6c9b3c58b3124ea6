/*
 * Prometheus metrics (docs/decisions.md D34) with prom-client, served at GET /metrics to a scraper holding
 * METRICS_TOKEN: requests and latency by route (health checks included), ratings stored, jobs per queue and state,
 * the database pool, and the process's own (CPU, memory, event-loop lag). Queue and pool numbers are read when
 * scraped; a Redis that does not answer within a second leaves the queue gauges out of that scrape.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { QueueName } from '#queue/queues'

export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'reviewroute_' })

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const ratingsStored = new Counter({
  name: 'reviewroute_ratings_stored_total',
  help: 'Customer ratings stored, by kind (positive: 4-5 sent on to Google; negative: 1-3 private feedback)',
  labelNames: ['kind'] as const,
  registers: [registry],
})

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const

new Gauge({
  name: 'reviewroute_queue_jobs',
  help: 'Jobs per queue and state (read from Redis when scraped)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    const { QueueService } = await import('#queue/queue_service')
    const queues = await app.container.make(QueueService)
    const read = Promise.all(
      Object.values(QueueName).map(async (name) => [name, await queues.queue(name).getJobCounts(...QUEUE_STATES)] as const)
    )
    const counts = await Promise.race([read, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000))]).catch(() => null)
    for (const [queue, byState] of counts ?? []) {
      for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0)
    }
  },
})

new Gauge({
  name: 'reviewroute_db_pool_connections',
  help: 'MySQL connections of this process: used, free, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = (db.connection().getWriteClient() as unknown as { client?: { pool?: PoolStats } }).client?.pool
    this.set({ state: 'used' }, pool?.numUsed() ?? 0)
    this.set({ state: 'free' }, pool?.numFree() ?? 0)
    this.set({ state: 'pending' }, pool?.numPendingAcquires() ?? 0)
  },
})

interface PoolStats {
  numUsed(): number
  numFree(): number
  numPendingAcquires(): number
}
