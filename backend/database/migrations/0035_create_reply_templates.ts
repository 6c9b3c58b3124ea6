import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Reply templates (docs/decisions.md D46): a workspace's replies to Google reviews, written once and picked in the
 * reply drawer by the review's stars and language. The stars a template is for are a bitmask, bit n-1 for n stars,
 * so a set of distinct ratings takes one byte and needs no join.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reply_templates', (table) => {
      table.increments('id')
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      table.string('name', 80).notNullable()
      // Up to 4,096 UTF-8 bytes, Google's limit on a reply (checked by the validator).
      table.text('body').notNullable()
      table.tinyint('stars_mask').unsigned().notNullable()
      table.specificType('language', 'CHAR(2) CHARACTER SET ascii').notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['workspace_id', 'name'])
    })
  }

  async down() {
    this.schema.dropTable('reply_templates')
  }
}
