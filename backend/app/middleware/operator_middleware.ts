import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type User from '#models/user'
import { currentTokenId } from '#auth/current_token'
import { AppException } from '#exceptions/app_errors'
import { verifiedUntil } from '#services/operators/two_factor'
import type { ApiErrorBody, TwoFactorStep } from '#types/api'

/** 403 until this operator token passes the TOTP step: `twoFactor` says which (enrol first, or verify). */
export class TwoFactorRequired extends AppException {
  static status = 403
  static code = 'E_TWO_FACTOR_REQUIRED'
  constructor(step: TwoFactorStep) {
    super(
      step === 'enroll' ? 'Set up your authenticator app to open the operator console.' : 'Enter the code from your authenticator app.',
      { twoFactor: step } satisfies Partial<ApiErrorBody>
    )
  }
}

/** Whether the matched route is behind this middleware (declared on its group in start/routes.ts). */
export const isOperatorRoute = (ctx: HttpContext) =>
  [...(ctx.route?.middleware.all() ?? [])].some((entry) => (entry as { name?: string }).name === 'operator')

/**
 * The signed-in operator, or the router's own error for a path it does not know, so the console's routes answer
 * anyone else exactly as a path that does not exist would (docs/product-rules.md#accounts-and-tokens): no token, a
 * bad one, an owner's or a disabled operator's.
 */
export async function operatorOrNoRoute(ctx: HttpContext): Promise<User> {
  const user = (await ctx.auth.authenticateUsing(['api']).catch(() => null)) as User | null
  if (!user || user.role !== 'operator' || user.disabledAt) throw new errors.E_ROUTE_NOT_FOUND([ctx.request.method(), ctx.request.url()])
  return user
}

/**
 * /api/admin/* (docs/decisions.md D34): not there for anyone but an operator (the router-level OperatorGateMiddleware
 * has already said so before the body was read); then, unless `twoFactor: false` (the TOTP routes themselves), a
 * token that passed the TOTP step.
 */
export default class OperatorMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { twoFactor?: boolean } = {}) {
    const user = await operatorOrNoRoute(ctx)
    if (options.twoFactor !== false) {
      if (!user.totpEnabledAt) throw new TwoFactorRequired('enroll')
      if (!(await verifiedUntil(Number(currentTokenId(ctx))))) throw new TwoFactorRequired('verify')
    }
    return next()
  }
}
