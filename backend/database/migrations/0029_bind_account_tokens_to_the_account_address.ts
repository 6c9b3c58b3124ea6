import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every account link is bound to the address the account had when the link was made (docs/product-rules.md#password-reset-and-email-verification):
 * a link works only while `users.email` still equals `account_email`, so a reset mailed to an address the owner
 * has since left cannot open the account. For a reset, a verification or a sign-in code that is the address it
 * went to; for an email change it is the address being left, not the new one in `email`. The binary collation
 * is `users.email`'s, so the two compare exactly as addresses are compared everywhere else.
 *
 * Nullable, without a default: a replica of the previous release still inserts rows without it during the roll,
 * and a NULL never equals an address, so such a link is refused and the owner asks for another.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE account_tokens ADD COLUMN account_email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL')
      await db.rawQuery(
        "UPDATE account_tokens JOIN users ON users.id = account_tokens.user_id SET account_tokens.account_email = IF(account_tokens.purpose = 'email_change', users.email, account_tokens.email)"
      )
    })
  }

  async down() {
    this.schema.alterTable('account_tokens', (table) => {
      table.dropColumn('account_email')
    })
  }
}
