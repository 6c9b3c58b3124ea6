import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'subscription_plans'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('plan_type', 20).notNullable().unique()
      table.string('name', 100).notNullable()
      // Integer paise (docs/decisions.md D8).
      table.integer('total_price').unsigned().notNullable()
      table.integer('duration_months').unsigned().notNullable().defaultTo(0)
      table.integer('duration_days').unsigned().notNullable().defaultTo(0)
      table.text('features').notNullable()
      table.string('tag', 40).nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.boolean('is_active').notNullable().defaultTo(true)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
