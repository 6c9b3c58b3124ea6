import env from '#start/env'

export default {
  connection: {
    host: env.get('REDIS_HOST'),
    port: env.get('REDIS_PORT'),
    password: env.get('REDIS_PASSWORD') || undefined,
  },
  prefix: env.get('QUEUE_PREFIX'),
  concurrency: env.get('WORKER_CONCURRENCY'),
}
