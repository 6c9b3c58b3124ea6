import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import AccountToken, { AccountTokenPurpose } from '#models/account_token'
import { BadRequestError } from '#exceptions/app_errors'
import { clock } from '#lib/clock'
import { isDuplicateKey } from '#lib/db_errors'

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Send a new one from your dashboard.'
export const ALREADY_VERIFIED = 'Your email address is already verified. There is nothing more to do.'
export const ADDRESS_TAKEN_SINCE = 'Another account uses this address now, so yours keeps its current one.'

/**
 * Confirms an address from its mailed link; the token alone is enough (no sign-in). A link works only while the
 * account has the address it was made for (AccountToken), so a verification link confirms the address it was sent
 * to; an email-change link moves the account to the new address, confirmed, and every other link made for the old
 * one dies for good, even should the account come back to that address.
 */
const ADDRESS_LINKS = [AccountTokenPurpose.EmailVerification, AccountTokenPurpose.EmailChange]

export default class VerifyEmail {
  async handle(token: string) {
    return db.transaction(async (trx) => {
      const row = await AccountToken.consume(ADDRESS_LINKS, token, trx)
      const user = row ? await User.query({ client: trx }).where('id', row.userId).forUpdate().first() : null
      if (!row || !user) throw await VerifyEmail.spentLinkError(token, trx)

      if (row.purpose === AccountTokenPurpose.EmailChange) {
        const holder = await User.query({ client: trx }).where('email', row.email).first()
        if (holder) throw new BadRequestError(ADDRESS_TAKEN_SINCE)
        user.email = row.email
        user.emailVerifiedAt = clock.now()
        // Another account taking the address between the check and this write loses to the unique index.
        await user.save().catch((error) => {
          throw isDuplicateKey(error) ? new BadRequestError(ADDRESS_TAKEN_SINCE) : error
        })
        await AccountToken.retireAll(user.id, Object.values(AccountTokenPurpose), trx)
        return user
      }
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = clock.now()
        await user.save()
      }
      return user
    })
  }

  /**
   * A link that no longer works. When it was made for the address the account has now, and that address is confirmed
   * (the owner opens the mail's link a second time, or an older one), that is what the page says, not a failure; the
   * answer stays a 400 without the account's details, as for any spent link.
   */
  private static async spentLinkError(token: string, trx: TransactionClientContract) {
    const spent = await AccountToken.findIssued(ADDRESS_LINKS, token, trx)
    const owner = spent ? await User.find(spent.userId, { client: trx }) : null
    if (owner?.emailVerifiedAt && owner.email === spent!.email) return new BadRequestError(ALREADY_VERIFIED, { alreadyVerified: true })
    return new BadRequestError(INVALID_VERIFICATION_LINK)
  }
}
