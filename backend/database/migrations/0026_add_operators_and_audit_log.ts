import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Operators (docs/decisions.md D34): a role on users, their TOTP second factor (the secret encrypted with
 * the app key, recovery codes hashed) and which of their tokens passed it; accounts and business links an operator
 * disabled, with the reason; contact messages handled; plans granted without a payment; the audit log.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('role', 12).notNullable().defaultTo('owner')
      table.text('totp_secret_encrypted').nullable()
      table.dateTime('totp_enabled_at').nullable()
      /** SHA-256 hashes of the unused recovery codes. */
      table.json('totp_recovery_codes').nullable()
      table.dateTime('disabled_at').nullable()
      table.string('disabled_reason', 500).nullable()
    })

    this.schema.createTable('operator_verifications', (table) => {
      table.integer('token_id').unsigned().primary().references('id').inTable('auth_access_tokens').onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.dateTime('verified_until').notNullable()
    })

    this.schema.alterTable('businesses', (table) => {
      table.dateTime('disabled_at').nullable()
      table.string('disabled_reason', 500).nullable()
    })

    this.schema.alterTable('contact_messages', (table) => {
      table.dateTime('handled_at').nullable()
      table.integer('handled_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    })

    // A plan an operator grants has no payment.
    this.schema.alterTable('subscriptions', (table) => {
      table.dropForeign(['payment_id'])
    })
    this.schema.alterTable('subscriptions', (table) => {
      table.integer('payment_id').unsigned().nullable().alter()
      table.foreign('payment_id').references('id').inTable('payments')
    })

    this.schema.createTable('audit_logs', (table) => {
      table.increments('id')
      table.integer('operator_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('operator_email', 254).notNullable()
      table.string('action', 60).notNullable()
      table.string('target_type', 40).notNullable()
      table.string('target_id', 64).notNullable()
      table.json('before').nullable()
      table.json('after').nullable()
      table.string('reason', 500).notNullable()
      table.dateTime('created_at').notNullable()
      table.index(['target_type', 'target_id'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('audit_logs')
    this.defer(async (db) => {
      await db.from('subscriptions').whereNull('payment_id').delete()
    })
    this.schema.alterTable('subscriptions', (table) => {
      table.dropForeign(['payment_id'])
    })
    this.schema.alterTable('subscriptions', (table) => {
      table.integer('payment_id').unsigned().notNullable().alter()
      table.foreign('payment_id').references('id').inTable('payments')
    })
    this.schema.alterTable('contact_messages', (table) => {
      table.dropForeign(['handled_by'])
      table.dropColumn('handled_at')
      table.dropColumn('handled_by')
    })
    this.schema.alterTable('businesses', (table) => {
      table.dropColumn('disabled_at')
      table.dropColumn('disabled_reason')
    })
    this.schema.dropTable('operator_verifications')
    this.schema.alterTable('users', (table) => {
      for (const column of ['role', 'totp_secret_encrypted', 'totp_enabled_at', 'totp_recovery_codes', 'disabled_at', 'disabled_reason'])
        table.dropColumn(column)
    })
  }
}
