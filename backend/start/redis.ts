/*
 * Opens the Redis connection while the HTTP server boots, so the first requests' rate limits are counted
 * instead of failing open on a connection that is still opening. A Redis outage is a state the API handles
 * (docs/decisions.md D5), so it is logged as a warning once a minute rather than as FATAL on every reconnect.
 */
import redis from '@adonisjs/redis/services/main'
import logger from '@adonisjs/core/services/logger'

const REPEAT_LOG_AFTER_MS = 60_000
let lastLogged = 0

redis.doNotLogErrors()
const connection = redis.connection()
connection.on('error', ({ error }) => {
  if (Date.now() - lastLogged < REPEAT_LOG_AFTER_MS) return
  lastLogged = Date.now()
  logger.warn({ err: error }, 'Redis unreachable: rate limits fail open, jobs are recovered later')
})
connection.on('ready', () => {
  if (lastLogged) logger.info('Redis connection restored')
  lastLogged = 0
})
