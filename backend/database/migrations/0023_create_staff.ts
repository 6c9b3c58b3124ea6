import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Staff attribution (docs/decisions.md D32): the people of a business, each with a code for their own
 * link and QR (`/review/{code}?s={staff code}`); ratings and requests remember whom they came through.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('staff', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.specificType('code', 'VARCHAR(16) CHARACTER SET ascii COLLATE ascii_general_ci').notNullable()
      table.dateTime('created_at').notNullable()
      table.unique(['business_id', 'code'])
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.integer('staff_id').unsigned().nullable().references('id').inTable('staff').onDelete('SET NULL')
    })
    this.schema.alterTable('review_requests', (table) => {
      table.integer('staff_id').unsigned().nullable().references('id').inTable('staff').onDelete('SET NULL')
    })
  }

  async down() {
    this.schema.alterTable('review_requests', (table) => {
      table.dropForeign(['staff_id'])
      table.dropColumn('staff_id')
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.dropForeign(['staff_id'])
      table.dropColumn('staff_id')
    })
    this.schema.dropTable('staff')
  }
}
