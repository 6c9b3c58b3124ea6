import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Auto-reply rules (docs/decisions.md D48): the workspace's setting (off by default, 2 hours, 4 and 5 stars; when it
 * was last turned on, so reviews from before are never answered by it), and on a review when the auto-reply claimed
 * it and how many times it tried.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('workspaces', (table) => {
      table.boolean('auto_reply_enabled').notNullable().defaultTo(false)
      table.tinyint('auto_reply_delay_hours').unsigned().notNullable().defaultTo(2)
      table.tinyint('auto_reply_stars_mask').unsigned().notNullable().defaultTo(24)
      table.dateTime('auto_reply_enabled_at').nullable()
    })
    this.schema.alterTable('google_reviews', (table) => {
      table.dateTime('auto_reply_claimed_at').nullable()
      table.tinyint('auto_reply_attempts').unsigned().notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('google_reviews', (table) => {
      table.dropColumn('auto_reply_claimed_at')
      table.dropColumn('auto_reply_attempts')
    })
    this.schema.alterTable('workspaces', (table) => {
      table.dropColumn('auto_reply_enabled')
      table.dropColumn('auto_reply_delay_hours')
      table.dropColumn('auto_reply_stars_mask')
      table.dropColumn('auto_reply_enabled_at')
    })
  }
}
