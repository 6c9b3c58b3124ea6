import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Call-back on complaints (docs/decisions.md D31): after a 1-3 rating the customer may leave a name and a 10-digit
 * mobile with an explicit "contact me" tick; without the tick nothing is stored.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('review_sessions', (table) => {
      table.string('contact_name', 100).nullable()
      table.specificType('contact_phone', 'CHAR(10) CHARACTER SET ascii').nullable()
    })
  }

  async down() {
    this.schema.alterTable('review_sessions', (table) => {
      table.dropColumn('contact_name')
      table.dropColumn('contact_phone')
    })
  }
}
