import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A member's alert language (the nine of the customer page: WhatsApp templates, notifications and chat answers in
 * it) and which Google reviews alert them: `low` (1-3 stars, as before) or `all` (docs/decisions.md D71).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('alert_language', 2).notNullable().defaultTo('en')
      table.enum('google_review_alert_stars', ['low', 'all']).notNullable().defaultTo('low')
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('alert_language')
      table.dropColumn('google_review_alert_stars')
    })
  }
}
