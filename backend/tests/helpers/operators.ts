/*
 * Operators as the specs need them (docs/decisions.md D34): an operator with TOTP set up and a token that passed the
 * step, and the current code of a secret (otplib, as an authenticator app computes it).
 */
import { generate } from 'otplib'
import encryption from '@adonisjs/core/services/encryption'
import { UserFactory } from '#database/factories/index'
import User from '#models/user'
import { clock } from '#lib/clock'
import { markVerified } from '#services/operators/two_factor'

export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

export const totpNow = (secret = TOTP_SECRET) => generate({ secret })

/** An operator; `enrolled` gives them TOTP, `verified` also passes the step on the returned token. */
export async function operator({ enrolled = true, verified = true } = {}) {
  const user = await UserFactory.apply('operator')
    .merge({
      totpSecretEncrypted: enrolled ? encryption.encrypt(TOTP_SECRET) : null,
      totpEnabledAt: enrolled ? clock.now() : null,
    })
    .create()
  const created = await User.accessTokens.create(user)
  if (enrolled && verified) await markVerified(user, Number(created.identifier))
  return { user, token: created.value!.release(), tokenId: Number(created.identifier) }
}
