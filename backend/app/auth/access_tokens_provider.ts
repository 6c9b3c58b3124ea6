import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'

/** How often a token's `last_used_at` is written at most (per token). */
export const LAST_USED_RESOLUTION_MS = 60_000

/**
 * The opaque access-token provider of @adonisjs/auth, with two changes in `verify`:
 * - the secret and the expiry are checked before anything is written (the library stamps `last_used_at`
 *   first, so a wrong secret for a known token id still caused a write);
 * - `last_used_at` is written at most once a minute per token instead of on every request. Each stamp was an
 *   UPDATE and a commit on the same row, which serialised an owner's parallel dashboard calls behind one
 *   another's row lock.
 */
export class AccessTokensProvider<TokenableModel extends LucidModel> extends DbAccessTokensProvider<TokenableModel> {
  async verify(tokenValue: Secret<string>) {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null

    const db = await this.getDb()
    const dbRow = await db.query().from(this.table).where({ id: decoded.identifier, type: this.type }).limit(1).first()
    if (!dbRow) return null

    const token = this.dbRowToAccessToken(dbRow)
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = new Date()
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await db.from(this.table).where({ id: dbRow.id, type: dbRow.type }).update({ last_used_at: now })
      token.lastUsedAt = now
    }
    return token
  }
}
