import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** API answers are JSON whatever the client's Accept header says (errors included). */
export default class ForceJsonResponseMiddleware {
  async handle({ request }: HttpContext, next: NextFn) {
    if (request.url().startsWith('/api')) request.headers().accept = 'application/json'
    return next()
  }
}
