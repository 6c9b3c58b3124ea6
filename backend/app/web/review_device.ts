/*
 * The customer's device as the review page and its API see it (docs/decisions.md D31): a signed cookie set with
 * the page, read back on every rating.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS, newDeviceId } from '#hot_path/rating_admission'
import type { Rater } from '#actions/reviews/submit_review'
import { clientIp } from '#web/client_ip'

/** The verified device id, or null when the cookie is missing, forged or malformed. */
export function deviceOf(request: HttpContext['request']): string | null {
  const value = request.cookie(DEVICE_COOKIE)
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : null
}

export function raterOf(request: HttpContext['request']): Rater {
  return { ip: clientIp({ request }), userAgent: request.header('user-agent', '')!, device: deviceOf(request) }
}

/** Gives a browser that has none its device cookie (signed with the app key, so it cannot be made up). */
export function ensureDevice({ request, response }: HttpContext) {
  if (!deviceOf(request)) response.cookie(DEVICE_COOKIE, newDeviceId(), DEVICE_COOKIE_OPTIONS)
}
