import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import { BadRequestError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Send a new one from your dashboard.'

/** Confirms the address a verification link was sent to; the token alone is enough (no sign-in). */
export default class VerifyEmail {
  async handle(token: string) {
    return db.transaction(async (trx) => {
      const row = await AccountToken.consume(AccountTokenPurpose.EmailVerification, token, trx)
      const user = row ? await User.findOrFail(row.userId, { client: trx }) : null
      // A link for an address the account no longer has verifies nothing.
      if (!row || !user || user.email !== row.email) throw new BadRequestError(INVALID_VERIFICATION_LINK)
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = clock.now()
        await user.save()
      }
      return user
    })
  }
}
