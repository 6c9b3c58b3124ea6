import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { clock } from '#lib/clock'

export enum AccountTokenPurpose {
  PasswordReset = 'password_reset',
  EmailVerification = 'email_verification',
  /** A link mailed to the address the owner wants instead; `email` holds the new address. */
  EmailChange = 'email_change',
  /** The one-time code the OpenID callback hands the sign-in page (docs/decisions.md D29). */
  SignInCode = 'sign_in_code',
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A single-use link or code of an account (password reset, email verification, email change, OpenID sign-in code):
 * only the sha256 of the token is stored, each works once and until it expires (docs/decisions.md D29), only while
 * the account still has the address it had when the link was made, and not once another of its kind was used
 * (docs/product-rules.md#password-reset-and-email-verification).
 */
export default class AccountToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare purpose: AccountTokenPurpose

  @column({ serializeAs: null })
  declare tokenHash: string

  /** Where the link went: the account's address, or for an email change the new one. */
  @column()
  declare email: string

  /** The account's address when the link was made; the link dies when the account's address is another. */
  @column()
  declare accountEmail: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime()
  declare createdAt: DateTime

  /**
   * Stores a new token bound to the user's current address and returns its plain value (32 random bytes, base64url);
   * `sentTo` is where it is mailed when that is not the current address (an email change).
   */
  static async issue(
    user: { id: number; email: string },
    purpose: AccountTokenPurpose,
    lifetime: { minutes?: number; days?: number },
    trx?: TransactionClientContract,
    sentTo = user.email
  ) {
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    await AccountToken.create(
      {
        userId: user.id,
        purpose,
        tokenHash: hashOf(token),
        email: sentTo,
        accountEmail: user.email,
        expiresAt: now.plus(lifetime),
        createdAt: now,
      },
      { client: trx }
    )
    return token
  }

  /**
   * The one definition of a token that still works, for every reader: unused, unexpired, and its account still has
   * the address the token is bound to, whichever way that address changed since.
   */
  private static usable<Query extends DatabaseQueryBuilderContract>(query: Query, tokenHash: string, purposes: AccountTokenPurpose[]) {
    return query
      .where('account_tokens.token_hash', tokenHash)
      .whereIn('account_tokens.purpose', purposes)
      .whereNull('account_tokens.used_at')
      .where('account_tokens.expires_at', '>', clock.now().toJSDate())
      .whereExists((users) =>
        users.from('users').whereColumn('users.id', 'account_tokens.user_id').whereColumn('users.email', 'account_tokens.account_email')
      )
  }

  /**
   * Marks the token used and returns its row, or null when it does not work (see `usable`). One UPDATE decides, so
   * two requests with the same token never both succeed; the user's other tokens of its kind die with it.
   */
  static async consume(purpose: AccountTokenPurpose | AccountTokenPurpose[], token: string, trx: TransactionClientContract) {
    const tokenHash = hashOf(token)
    const claimed = await AccountToken.usable(trx.from('account_tokens'), tokenHash, [purpose].flat()).update({
      used_at: clock.now().toJSDate(),
    })
    if (!Number(claimed)) return null
    const row = await AccountToken.query({ client: trx }).where('token_hash', tokenHash).firstOrFail()
    await AccountToken.retireAll(row.userId, row.purpose, trx)
    return row
  }

  /** The token's row whatever became of it (used, retired, expired), or null when it was never one of these. */
  static findIssued(purposes: AccountTokenPurpose[], token: string, trx: TransactionClientContract) {
    return AccountToken.query({ client: trx }).where('token_hash', hashOf(token)).whereIn('purpose', purposes).first()
  }

  /** Whether the token would still work, without using it (the reset page says so on open). */
  static async isUsable(purpose: AccountTokenPurpose, token: string) {
    return (await AccountToken.usable(db.from('account_tokens'), hashOf(token), [purpose]).first()) !== null
  }

  /** Every still-usable token of the user for these purposes stops working (after a reset, a newer link, a new address). */
  static retireAll(userId: number, purpose: AccountTokenPurpose | AccountTokenPurpose[], trx: TransactionClientContract) {
    return trx
      .from('account_tokens')
      .where('user_id', userId)
      .whereIn('purpose', [purpose].flat())
      .whereNull('used_at')
      .update({ used_at: clock.now().toJSDate() })
  }
}
