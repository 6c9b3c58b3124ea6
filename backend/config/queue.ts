import env from '#start/env'

export default {
  connection: {
    host: env.get('REDIS_HOST'),
    port: env.get('REDIS_PORT'),
    password: env.get('REDIS_PASSWORD') || undefined,
  },
  prefix: env.get('QUEUE_PREFIX'),
  concurrency: env.get('WORKER_CONCURRENCY'),
  /** How often a worker takes back the jobs of a worker that died (docs/decisions.md D52). */
  stalledIntervalMs: env.get('QUEUE_STALLED_SECONDS') * 1000,
}
