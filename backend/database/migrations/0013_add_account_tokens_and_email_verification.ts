import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Password reset and email verification (docs/decisions.md D29): the users' verification time, and the links mailed
 * for both, stored as the sha256 of the token (never the token), single use, with an expiry.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.dateTime('email_verified_at').nullable()
    })
    this.schema.createTable('account_tokens', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enum('purpose', ['password_reset', 'email_verification']).notNullable()
      table.specificType('token_hash', 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin').notNullable().unique()
      /** The address a verification link was sent to: a link for an address the account no longer has verifies nothing. */
      table.string('email', 254).notNullable()
      table.dateTime('expires_at').notNullable()
      table.dateTime('used_at').nullable()
      table.dateTime('created_at').notNullable()
      table.index(['user_id', 'purpose'])
    })
  }

  async down() {
    this.schema.dropTable('account_tokens')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('email_verified_at')
    })
  }
}
