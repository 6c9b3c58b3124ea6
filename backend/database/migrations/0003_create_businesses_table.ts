import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'businesses'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('place_id', 255).notNullable()
      table.string('name', 255).notNullable()
      table.string('address', 500).notNullable().defaultTo('')
      table.decimal('rating', 2, 1).nullable()
      table.integer('review_count').unsigned().notNullable().defaultTo(0)
      table.string('short_url', 32).notNullable().unique()
      table.string('google_review_url', 512).notNullable()
      table.boolean('compliance_mode').notNullable().defaultTo(false)
      // Pinned customer-page language ('en' | 'hi'); null follows the customer's browser.
      table.string('language', 5).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').nullable()

      // One business per Google place per owner; also serves "this owner's businesses".
      table.unique(['user_id', 'place_id'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
