import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { AccountDisabledError } from '#exceptions/app_errors'
import { Tenant, WORKSPACE_HEADER } from '#workspaces/tenant'

/** Our access tokens first, then the external identity provider's JWTs. */
export const OWNER_GUARDS: (keyof Authenticators)[] = ['api', 'jwt']

/**
 * Owner routes: a valid bearer token or 401; then the workspace the request acts in (docs/decisions.md D42), from
 * `X-Workspace-Id` or the user's default, or its 404. Routes about the account itself or about a workspace named in
 * their path pass `workspace: false`.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { guards?: (keyof Authenticators)[]; workspace?: boolean } = {}) {
    const user = await ctx.auth.authenticateUsing(options.guards ?? OWNER_GUARDS)
    // An account an operator disabled: its tokens are gone, but a provider's JWT may still arrive.
    if ((user as { disabledAt?: unknown }).disabledAt) throw new AccountDisabledError()
    ctx.tenant = new Tenant(user, ctx.request.header(WORKSPACE_HEADER))
    if (options.workspace !== false) await ctx.tenant.resolve()
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    /** Set by the auth middleware on owner routes. */
    tenant: Tenant
  }
}
