import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
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
 * A link mailed to an owner (password reset, email verification): only the sha256 of the token is stored,
 * each works once and until it expires (docs/decisions.md D29).
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

  @column()
  declare email: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime()
  declare createdAt: DateTime

  /** Stores a new token for the user's current address and returns its plain value (32 random bytes, base64url). */
  static async issue(
    user: { id: number; email: string },
    purpose: AccountTokenPurpose,
    lifetime: { minutes?: number; days?: number },
    trx?: TransactionClientContract
  ) {
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    await AccountToken.create({
      userId: user.id,
      purpose,
      tokenHash: hashOf(token),
      email: user.email,
      expiresAt: now.plus(lifetime),
      createdAt: now,
    }, { client: trx })
    return token
  }

  /**
   * Marks the token used and returns its row, or null when it is unknown, used or expired. One UPDATE decides,
   * so two requests with the same token never both succeed.
   */
  static async consume(purpose: AccountTokenPurpose | AccountTokenPurpose[], token: string, trx: TransactionClientContract) {
    const tokenHash = hashOf(token)
    const now = clock.now().toJSDate()
    const claimed = await trx
      .from('account_tokens')
      .where('token_hash', tokenHash)
      .whereIn('purpose', [purpose].flat())
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
    if (!Number(claimed)) return null
    return AccountToken.query({ client: trx }).where('token_hash', tokenHash).firstOrFail()
  }

  /** Whether the token would still work, without using it (the reset page says so on open). */
  static async isUsable(purpose: AccountTokenPurpose, token: string) {
    const row = await AccountToken.query()
      .where({ token_hash: hashOf(token), purpose })
      .whereNull('used_at')
      .where('expires_at', '>', clock.now().toJSDate())
      .first()
    return row !== null
  }

  /** Every still-usable token of the user for this purpose stops working (after a reset, a newer link). */
  static retireAll(userId: number, purpose: AccountTokenPurpose, trx: TransactionClientContract) {
    return trx.from('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: clock.now().toJSDate() })
  }
}
