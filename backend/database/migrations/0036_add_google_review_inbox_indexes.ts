import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Google reviews inbox over many reviews (docs/decisions.md D45): `has_reply`, a stored column the database keeps
 * (whether a reply is on Google), so "unanswered" is read from an index; the newest-first page of every business
 * walks `(create_time, id)` and stops at the page's end; the counts of a filtered list read `(business_id, stars)` and
 * `(business_id, has_reply, stars)`; the figures of a period read `(business_id, create_time, …)` alone.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('google_reviews', (table) => {
      table.specificType('has_reply', 'BOOLEAN GENERATED ALWAYS AS (reply_comment IS NOT NULL) STORED')
    })
    this.schema.alterTable('google_reviews', (table) => {
      table.index(['create_time', 'id'], 'google_reviews_create_time_id_index')
      table.index(['business_id', 'stars'], 'google_reviews_business_id_stars_index')
      table.index(['business_id', 'has_reply', 'stars'], 'google_reviews_business_id_has_reply_stars_index')
      table.index(['business_id', 'create_time', 'stars', 'has_reply', 'deleted_at', 'reply_update_time'], 'google_reviews_figures_index')
    })
  }

  async down() {
    this.schema.alterTable('google_reviews', (table) => {
      table.dropIndex([], 'google_reviews_figures_index')
      table.dropIndex([], 'google_reviews_business_id_has_reply_stars_index')
      table.dropIndex([], 'google_reviews_business_id_stars_index')
      table.dropIndex([], 'google_reviews_create_time_id_index')
      table.dropColumn('has_reply')
    })
  }
}
