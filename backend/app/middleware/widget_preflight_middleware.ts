import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { widgetEntry } from '#actions/widget/widget_data'
import { answerWidgetPreflight, isWidgetApi, WIDGET_API_PREFIX } from '#web/widget_cors'

/**
 * Answers the browser's CORS preflight for the website widget's answer (OPTIONS /api/widget/{code}, docs/decisions.md
 * D49) with the widget's own rule; config/cors.ts stays out of that path. An unknown code gets no permission.
 */
export default class WidgetPreflightMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const url = ctx.request.url()
    if (ctx.request.method() !== 'OPTIONS' || !isWidgetApi(url)) return next()
    let code: string | null = null
    try {
      code = decodeURIComponent(url.slice(WIDGET_API_PREFIX.length))
    } catch {
      code = null
    }
    const sites = await widgetEntry(code).then(
      ({ entry }) => entry.allowedSites,
      () => false as const
    )
    return answerWidgetPreflight(ctx, sites)
  }
}
