import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('analytics_daily', (table) => {
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // Calendar day in Asia/Kolkata.
      table.date('day').notNullable()
      table.integer('sessions').unsigned().notNullable().defaultTo(0)
      table.integer('positive').unsigned().notNullable().defaultTo(0)
      table.integer('negative').unsigned().notNullable().defaultTo(0)
      table.integer('redirected').unsigned().notNullable().defaultTo(0)
      table.integer('rating_sum').unsigned().notNullable().defaultTo(0)
      table.integer('views').unsigned().notNullable().defaultTo(0)
      table.dateTime('computed_at').notNullable()
      table.primary(['business_id', 'day'])
    })

    // Days before `rolled_through` (inclusive) are read from analytics_daily; later ones from raw rows.
    this.schema.createTable('analytics_rollup_state', (table) => {
      table.integer('id').unsigned().primary()
      table.date('rolled_through').nullable()
      table.dateTime('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('analytics_rollup_state')
    this.schema.dropTable('analytics_daily')
  }
}
