import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Google Business Profile (docs/decisions.md D43): a workspace's connection (its refresh token, encrypted), the
 * one-time states of connections being made, the profile's locations and their links to the workspace's
 * businesses, and the reviews read from them (filled by the review sync).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('google_connections', (table) => {
      table.increments('id')
      table.integer('workspace_id').unsigned().notNullable().unique().references('id').inTable('workspaces').onDelete('CASCADE')
      table.string('email', 254).nullable()
      table.text('refresh_token_encrypted').notNullable()
      table.text('access_token_encrypted').nullable()
      table.dateTime('access_token_expires_at').nullable()
      table.string('error', 255).nullable()
      table.dateTime('last_sync_at').nullable()
      table.integer('connected_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    // A connection on its way through Google's consent screen: single use, ten minutes.
    this.schema.createTable('google_connect_states', (table) => {
      table.increments('id')
      // SHA-256 of the state sent to Google.
      table.specificType('state_hash', 'CHAR(64) CHARACTER SET ascii').notNullable().unique()
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('verifier_encrypted').notNullable()
      table.dateTime('expires_at').notNullable()
      table.dateTime('created_at').notNullable()
    })

    this.schema.createTable('google_locations', (table) => {
      table.increments('id')
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      // accounts/{a}/locations/{l}
      table.string('name', 255).notNullable()
      table.string('title', 255).notNullable()
      table.string('address', 500).nullable()
      table.string('place_id', 255).nullable()
      table.integer('business_id').unsigned().nullable().unique().references('id').inTable('businesses').onDelete('SET NULL')
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['workspace_id', 'name'])
    })

    this.schema.createTable('google_reviews', (table) => {
      table.bigIncrements('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // accounts/{a}/locations/{l}/reviews/{r}
      table.string('review_name', 255).notNullable().unique()
      table.string('reviewer_name', 255).nullable()
      table.string('reviewer_photo_url', 1000).nullable()
      table.boolean('reviewer_anonymous').notNullable().defaultTo(false)
      table.tinyint('stars').unsigned().notNullable()
      table.text('comment').nullable()
      table.dateTime('create_time').notNullable()
      table.dateTime('update_time').notNullable()
      table.text('reply_comment').nullable()
      table.dateTime('reply_update_time').nullable()
      table.dateTime('deleted_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['business_id', 'create_time'])
    })
  }

  async down() {
    this.schema.dropTable('google_reviews')
    this.schema.dropTable('google_locations')
    this.schema.dropTable('google_connect_states')
    this.schema.dropTable('google_connections')
  }
}
