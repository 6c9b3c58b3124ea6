import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { httpDuration, httpRequests } from '#services/metrics'

/**
 * One JSON line per request (the logger is pino: request id, method, route pattern, status, duration) and the
 * request metrics. The route is the pattern (`/api/businesses/:id`), never the raw URL, so neither the log's
 * fields nor the metrics' labels carry ids, codes or tokens; an unmatched path is `unmatched`.
 */
export default class RequestLogMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const started = process.hrtime.bigint()
    try {
      await next()
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const route = ctx.route?.pattern ?? 'unmatched'
      const method = ctx.request.method()
      const status = ctx.response.getStatus()
      httpRequests.inc({ method, route, status: String(status) })
      httpDuration.observe({ method, route }, seconds)
      ctx.logger.info({ requestId: ctx.request.id(), method, route, status, durationMs: Math.round(seconds * 10_000) / 10 }, 'request')
    }
  }
}
