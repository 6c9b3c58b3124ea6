import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'page_views_daily'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // Calendar day in Asia/Kolkata.
      table.date('day').notNullable()
      table.integer('views').unsigned().notNullable().defaultTo(0)
      table.primary(['business_id', 'day'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
