import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The language a review request goes out in (docs/decisions.md D65): the page language of each rating (written with
 * the rating, in the same INSERT), the page language a customer last rated in through a personal link (written with
 * the request's `rated` step, in the same UPDATE), and the owner's choice for the customer (null: automatic).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('review_sessions', (table) => {
      table.string('language', 2).nullable()
    })
    this.schema.alterTable('customers', (table) => {
      table.string('language', 2).nullable()
      table.string('rated_language', 2).nullable()
    })
  }

  async down() {
    this.schema.alterTable('customers', (table) => {
      table.dropColumn('rated_language')
      table.dropColumn('language')
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.dropColumn('language')
    })
  }
}
