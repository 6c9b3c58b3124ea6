/*
 * API and worker processes some specs start from the TypeScript sources (`bin/server.js` through the
 * ts-node loader, `ace.js queue:work`): their loopback ports and their environment.
 */
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import env from '#start/env'
import queueConfig from '#config/queue'

/** A loopback port nothing listens on (the system picks it; it is closed again before this resolves). */
export async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * A child process's environment: development mode, quiet, this run's database and Redis, queues under
 * `{this run's prefix}-{name}` and mail files in a temporary folder of that name; `overrides` last.
 */
export function childProcessEnv(name: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DB_HOST: env.get('DB_HOST'),
    DB_PORT: String(env.get('DB_PORT')),
    DB_USER: env.get('DB_USER'),
    DB_PASSWORD: env.get('DB_PASSWORD'),
    DB_DATABASE: env.get('DB_DATABASE'),
    REDIS_HOST: env.get('REDIS_HOST'),
    REDIS_PORT: String(env.get('REDIS_PORT')),
    QUEUE_PREFIX: `${queueConfig.prefix}-${name}`,
    LOG_LEVEL: 'silent',
    MAIL_DIR: join(tmpdir(), `rr-${name}-mail`),
    ...overrides,
  }
}
