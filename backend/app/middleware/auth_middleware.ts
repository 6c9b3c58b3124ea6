import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { AccountDisabledError } from '#exceptions/app_errors'

/** Our access tokens first, then the external identity provider's JWTs. */
export const OWNER_GUARDS: (keyof Authenticators)[] = ['api', 'jwt']

/** Owner routes: a valid bearer token or 401. */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { guards?: (keyof Authenticators)[] } = {}) {
    const user = await ctx.auth.authenticateUsing(options.guards ?? OWNER_GUARDS)
    // An account an operator disabled: its tokens are gone, but a provider's JWT may still arrive.
    if ((user as { disabledAt?: unknown }).disabledAt) throw new AccountDisabledError()
    return next()
  }
}
