import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Changing the email and "Continue with Google" (docs/decisions.md D29): two more kinds of single-use token (the
 * link mailed to a new address, the one-time code the OpenID callback hands the sign-in page), and the subject
 * of the owner's account at the OpenID provider.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery(
        "ALTER TABLE account_tokens MODIFY purpose ENUM('password_reset','email_verification','email_change','sign_in_code') NOT NULL"
      )
    })
    this.schema.alterTable('users', (table) => {
      table.string('oidc_subject', 191).nullable().unique()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('oidc_subject')
    })
    this.defer(async (db) => {
      await db.from('account_tokens').whereIn('purpose', ['email_change', 'sign_in_code']).delete()
      await db.rawQuery("ALTER TABLE account_tokens MODIFY purpose ENUM('password_reset','email_verification') NOT NULL")
    })
  }
}
