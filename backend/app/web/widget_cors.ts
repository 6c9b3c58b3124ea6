/*
 * CORS of the website widget's answer (docs/decisions.md D49), its own and not the dashboard's (config/cors.ts leaves
 * /api/widget/ to it): any site when the business named none, else only the sites it named. No credentials either way.
 */
import type { HttpContext } from '@adonisjs/core/http'

export const WIDGET_API_PREFIX = '/api/widget/'

export const isWidgetApi = (url: string) => url.startsWith(WIDGET_API_PREFIX)

/** The Access-Control-Allow-Origin for a request from `origin`; null: none. `false`: no widget there, nobody. */
export function widgetAllowedOrigin(allowedSites: string[] | null | false, origin: string | undefined): string | null {
  if (allowedSites === false) return null
  if (!allowedSites || allowedSites.length === 0) return '*'
  if (!origin) return null
  const lower = origin.toLowerCase()
  return allowedSites.includes(lower) ? origin : null
}

/** Sets the widget's CORS headers on the answer; `Vary: Origin` always, since the answer depends on it. */
export function setWidgetCors({ request, response }: HttpContext, allowedSites: string[] | null | false) {
  response.header('Vary', 'Origin')
  const allowed = widgetAllowedOrigin(allowedSites, request.header('origin'))
  if (allowed) response.header('Access-Control-Allow-Origin', allowed)
  else response.removeHeader('Access-Control-Allow-Origin')
}

/** A preflight's answer: GET only, no credentials, remembered a day. */
export function answerWidgetPreflight(ctx: HttpContext, allowedSites: string[] | null | false) {
  setWidgetCors(ctx, allowedSites)
  ctx.response.header('Access-Control-Allow-Methods', 'GET, HEAD')
  const asked = ctx.request.header('access-control-request-headers')
  if (asked) ctx.response.header('Access-Control-Allow-Headers', 'Accept, Content-Type')
  ctx.response.header('Access-Control-Max-Age', '86400')
  ctx.response.status(204).send(null)
}
