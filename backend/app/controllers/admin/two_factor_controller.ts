/*
 * The operator's TOTP step (docs/decisions.md D34): enrol (a secret and its QR code), activate with a first code
 * (ten recovery codes, shown once), and verify this token with a code or a recovery code before /api/admin/* opens.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { twoFactorCodeValidator } from '#validators/admin'
import { ConflictError, FieldError } from '#exceptions/app_errors'
import { currentTokenId } from '#auth/current_token'
import {
  activate,
  markVerified,
  secretOf,
  startEnrollment,
  useRecoveryCode,
  useTotpCode,
  verifiedUntil,
} from '#services/operators/two_factor'
import type { TwoFactorActivatedDto, TwoFactorEnrollmentDto, TwoFactorStatusDto } from '#types/api'

const WRONG_CODE = 'That code is not right. Enter the 6 digits your authenticator app shows now.'

async function status(user: User, tokenId: number): Promise<TwoFactorStatusDto> {
  const until = user.totpEnabledAt ? await verifiedUntil(tokenId) : null
  return { enrolled: Boolean(user.totpEnabledAt), verified: Boolean(until), verifiedUntil: until?.toISO() ?? null }
}

export default class TwoFactorController {
  async show(ctx: HttpContext): Promise<TwoFactorStatusDto> {
    return status(ctx.auth.getUserOrFail(), Number(currentTokenId(ctx)))
  }

  async enroll({ auth }: HttpContext): Promise<TwoFactorEnrollmentDto> {
    const user = auth.getUserOrFail()
    if (user.totpEnabledAt) throw new ConflictError('Your authenticator app is already set up.')
    return startEnrollment(user)
  }

  async activate(ctx: HttpContext): Promise<TwoFactorActivatedDto> {
    const user = ctx.auth.getUserOrFail()
    const { code } = await ctx.request.validateUsing(twoFactorCodeValidator)
    if (user.totpEnabledAt) throw new ConflictError('Your authenticator app is already set up.')
    const secret = secretOf(user)
    if (!secret) throw new FieldError('code', 'Start the set-up first: scan the QR code, then enter a code.')
    if (!(await useTotpCode(user, secret, code))) throw new FieldError('code', WRONG_CODE)
    const recoveryCodes = await activate(user)
    await markVerified(user, Number(currentTokenId(ctx)))
    return { ...(await status(user, Number(currentTokenId(ctx)))), recoveryCodes }
  }

  async verify(ctx: HttpContext): Promise<TwoFactorStatusDto> {
    const user = ctx.auth.getUserOrFail()
    const { code } = await ctx.request.validateUsing(twoFactorCodeValidator)
    const secret = secretOf(user)
    if (!user.totpEnabledAt || !secret) throw new ConflictError('Set up your authenticator app first.')
    const passed = (await useTotpCode(user, secret, code.replace(/\s/g, ''))) || (await useRecoveryCode(user, code))
    if (!passed) throw new FieldError('code', WRONG_CODE)
    await markVerified(user, Number(currentTokenId(ctx)))
    return status(user, Number(currentTokenId(ctx)))
  }
}
