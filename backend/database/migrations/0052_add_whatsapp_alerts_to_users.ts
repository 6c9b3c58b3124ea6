import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Alerts on WhatsApp from ReviewRoute's own number (docs/decisions.md D69): the member's proved mobile number, and
 * the pending 6-digit code that proves it (one per member: its hash, the number it went to, tries and expiry).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.specificType('whatsapp_alert_phone', 'CHAR(13) CHARACTER SET ascii').nullable()
      table.dateTime('whatsapp_alert_verified_at').nullable()
    })
    this.schema.createTable('whatsapp_alert_codes', (table) => {
      table.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE')
      table.specificType('phone', 'CHAR(13) CHARACTER SET ascii').notNullable()
      table.specificType('code_hash', 'CHAR(64) CHARACTER SET ascii').notNullable()
      table.tinyint('tries').unsigned().notNullable().defaultTo(0)
      table.dateTime('expires_at').notNullable()
      table.dateTime('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('whatsapp_alert_codes')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('whatsapp_alert_verified_at')
      table.dropColumn('whatsapp_alert_phone')
    })
  }
}
