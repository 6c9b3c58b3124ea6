import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: env.get('REDIS_HOST'),
      port: env.get('REDIS_PORT'),
      password: env.get('REDIS_PASSWORD') || undefined,
      db: 0,
      keyPrefix: '',
      // Fail fast while Redis is down instead of queueing commands: callers degrade (docs/decisions.md D5, D11).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Commands issued in the same tick (rate-limit checks of concurrent requests) share one write.
      enableAutoPipelining: true,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
