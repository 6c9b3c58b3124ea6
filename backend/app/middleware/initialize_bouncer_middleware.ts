/*
 * A Bouncer for each request (docs/architecture.md#authorisation), for the member acting in the request's workspace
 * (the auth middleware resolves it): controllers ask a policy in app/policies before they touch a row; the policies
 * hold the tenancy and role rules, nothing else does.
 */
import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { policies } from '#policies/main'
import type Member from '#policies/member'

export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer(() => ctx.tenant?.current ?? null, {}, policies).setContainerResolver(ctx.containerResolver)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Member, {}, typeof policies>
  }
}
