import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE'),
  stores: {
    // Under the deployment's Redis prefix, as its queues (QUEUE_PREFIX): two products, or a test run beside a
    // development server, on one Redis never share a count.
    redis: stores.redis({ connectionName: 'main', keyPrefix: `${env.get('QUEUE_PREFIX')}:limiter` }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
