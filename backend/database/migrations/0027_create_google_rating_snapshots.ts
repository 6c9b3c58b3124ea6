import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Google rating history (docs/decisions.md D35): each business's Google rating and review count,
 * one row per IST day (a second refresh the same day overwrites that day's row). The history starts with the
 * figures the business had when it was added, so existing businesses get that first point here.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('google_rating_snapshots', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // Calendar day in Asia/Kolkata.
      table.date('day').notNullable()
      // Null while the listing has no ratings on Google.
      table.decimal('rating', 2, 1).nullable()
      table.integer('review_count').unsigned().notNullable().defaultTo(0)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['business_id', 'day'])
    })

    // The start of each existing business's history: its figures as stored, on the IST day it was added.
    this.defer(async (db) => {
      await db.rawQuery(
        `INSERT INTO google_rating_snapshots (business_id, day, rating, review_count, created_at, updated_at)
         SELECT id, DATE(DATE_ADD(created_at, INTERVAL 330 MINUTE)), rating, review_count, UTC_TIMESTAMP(), UTC_TIMESTAMP()
         FROM businesses`
      )
    })
  }

  async down() {
    this.schema.dropTable('google_rating_snapshots')
  }
}
