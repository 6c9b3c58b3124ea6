import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type User from '#models/user'
import { currentTokenId } from '#auth/current_token'
import { AppException, NotFoundError } from '#exceptions/app_errors'
import { verifiedUntil } from '#services/operators/two_factor'

/** 403 until this operator token passes the TOTP step: `twoFactor` says which (enrol first, or verify). */
export class TwoFactorRequired extends AppException {
  static status = 403
  static code = 'E_TWO_FACTOR_REQUIRED'
  constructor(step: 'enroll' | 'verify') {
    super(step === 'enroll' ? 'Set up your authenticator app to open the operator console.' : 'Enter the code from your authenticator app.', { twoFactor: step })
  }
}

/**
 * /api/admin/* (docs/decisions.md D34): a 404 to everyone but an operator (no token, a bad one, an owner's), so the
 * console is not there for them; then, unless `twoFactor: false` (the TOTP routes themselves), a token that passed
 * the TOTP step.
 */
export default class OperatorMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { twoFactor?: boolean } = {}) {
    let user: User
    try {
      user = (await ctx.auth.authenticateUsing(['api'])) as User
    } catch {
      throw new NotFoundError()
    }
    const tokenId = Number(currentTokenId(ctx))
    if (user.role !== 'operator' || user.disabledAt) throw new NotFoundError()
    if (options.twoFactor !== false) {
      if (!user.totpEnabledAt) throw new TwoFactorRequired('enroll')
      if (!(await verifiedUntil(tokenId))) throw new TwoFactorRequired('verify')
    }
    return next()
  }
}
