import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Links that never die (docs/decisions.md D31): a business's earlier review codes. A printed poster or a shared
 * link with an old code is sent on (301) to the current one, and the code stays reserved to that business.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('review_link_aliases', (table) => {
      table.increments('id')
      // The same column as businesses.short_url (lower case, compared as stored).
      table.string('code', 32).notNullable().unique()
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.dateTime('created_at').notNullable()
      table.index(['business_id'])
    })
  }

  async down() {
    this.schema.dropTable('review_link_aliases')
  }
}
