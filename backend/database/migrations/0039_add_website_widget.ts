import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The website widget (docs/decisions.md D49): a Google review pinned to the widget or hidden from it, the business's
 * default layout and the sites allowed to show it (null: any), and the widget's answers counted per business per IST
 * day (written in batches, like page_views_daily).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('google_reviews', (table) => {
      table.dateTime('pinned_at').nullable()
      table.dateTime('hidden_at').nullable()
    })
    this.schema.alterTable('businesses', (table) => {
      table.string('widget_layout', 16).notNullable().defaultTo('carousel')
      table.json('widget_allowed_sites').nullable()
    })
    this.schema.createTable('widget_views', (table) => {
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // Calendar day in Asia/Kolkata.
      table.date('day').notNullable()
      table.integer('views').unsigned().notNullable().defaultTo(0)
      table.primary(['business_id', 'day'])
    })
  }

  async down() {
    this.schema.dropTable('widget_views')
    this.schema.alterTable('businesses', (table) => {
      table.dropColumn('widget_layout')
      table.dropColumn('widget_allowed_sites')
    })
    this.schema.alterTable('google_reviews', (table) => {
      table.dropColumn('pinned_at')
      table.dropColumn('hidden_at')
    })
  }
}
