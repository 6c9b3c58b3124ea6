import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors } from '@adonisjs/auth'
import { OWNER_GUARDS } from '#middleware/auth_middleware'

/** Public routes that behave a little differently for a signed-in owner: a bad token is ignored, not a 401. */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    try {
      await ctx.auth.authenticateUsing(OWNER_GUARDS)
    } catch (error) {
      if (!(error instanceof errors.E_UNAUTHORIZED_ACCESS)) throw error
    }
    return next()
  }
}
