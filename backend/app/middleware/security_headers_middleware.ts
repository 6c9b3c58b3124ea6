import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import security from '#config/security'

/** Adds the security headers of config/security.ts to every answer, errors and 404s included. */
export default class SecurityHeadersMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    for (const [name, value] of Object.entries(security.headers)) response.header(name, value)
    if (security.hsts) response.header('Strict-Transport-Security', security.hsts)
    return next()
  }
}
