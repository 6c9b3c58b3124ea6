import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { geoFromHeaders } from '#lib/geo'
import env from '#start/env'
import { registry } from '#services/metrics'
import { NotFoundError } from '#exceptions/app_errors'
import { isSameSecret } from '#lib/secrets'
import type { ApiErrorBody, GeoDto, HealthResponse } from '#types/api'

const CHECK_TIMEOUT_MS = 1500

async function isUp(probe: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([probe(), timeout])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/** Pings Redis; a connection still opening (it opens lazily) is given the probe's timeout to get ready. */
async function pingRedis() {
  const connection = redis.connection()
  if (connection.status !== 'ready') {
    await new Promise((resolve) => connection.ioConnection.once('ready', resolve))
  }
  return connection.ping()
}

export default class SystemController {
  async geo({ request }: HttpContext): Promise<GeoDto> {
    return geoFromHeaders(request.headers())
  }

  /** Liveness: the process answers (readiness, with MySQL and Redis, is /api/health). */
  live() {
    return { status: 'ok' }
  }

  /** Prometheus text format, only to `Authorization: Bearer {METRICS_TOKEN}`; 404 when no token is set or it differs. */
  async metrics({ request, response }: HttpContext) {
    const expected = env.get('METRICS_TOKEN')
    if (!expected || !isSameSecret(request.header('authorization'), `Bearer ${expected}`)) throw new NotFoundError()
    response.header('Content-Type', registry.contentType)
    response.header('Cache-Control', 'no-store')
    return response.send(await registry.metrics())
  }

  /** 200 when MySQL and Redis both answer; 503 naming what is down. */
  async health({ response }: HttpContext) {
    const [mysqlUp, redisUp] = await Promise.all([isUp(() => db.rawQuery('SELECT 1')), isUp(pingRedis)])
    const checks = { mysql: mysqlUp ? 'up' : 'down', redis: redisUp ? 'up' : 'down' } as const
    if (mysqlUp && redisUp) return { status: 'ok', ...checks } satisfies HealthResponse

    const down = [!mysqlUp && 'MySQL', !redisUp && 'Redis'].filter(Boolean).join(' and ')
    const sentence = `${down} ${down.includes(' and ') ? 'are' : 'is'} down`
    return response.serviceUnavailable({ status: 'unavailable', error: sentence, message: sentence, ...checks } satisfies HealthResponse &
      ApiErrorBody)
  }
}
