import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Alerts on 1-3 star Google reviews (docs/decisions.md D47): each person's setting beside feedback_alerts; on a
 * review, when a new or changed low review became due for an alert and when it was claimed for one (alerted_at, as
 * on review_sessions); on a location, when its reviews were first read in full (reviews before it are not alerted).
 * Locations already imported count as read now.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.enum('google_review_alerts', ['instant', 'daily', 'off']).notNullable().defaultTo('instant')
    })
    this.schema.alterTable('google_reviews', (table) => {
      table.dateTime('alert_due_at').nullable()
      table.dateTime('alerted_at').nullable()
      table.index(['business_id', 'alert_due_at'])
    })
    this.schema.alterTable('google_locations', (table) => {
      table.dateTime('reviews_baseline_at').nullable()
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE google_locations l SET l.reviews_baseline_at = ?
          WHERE EXISTS (SELECT 1 FROM google_reviews r WHERE r.review_name LIKE CONCAT(l.name, '/reviews/%'))`,
        [new Date()]
      )
    })
  }

  async down() {
    this.schema.alterTable('google_locations', (table) => table.dropColumn('reviews_baseline_at'))
    this.schema.alterTable('google_reviews', (table) => {
      table.dropIndex(['business_id', 'alert_due_at'])
      table.dropColumn('alert_due_at')
      table.dropColumn('alerted_at')
    })
    this.schema.alterTable('users', (table) => table.dropColumn('google_review_alerts'))
  }
}
