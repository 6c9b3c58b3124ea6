import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Review requests, part 1 (docs/decisions.md D32): a business's customers (with the consent the owner confirmed),
 * one personal link per request (`/r/{token}`), and the rating a request led to.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('customers', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.string('name', 100).notNullable()
      // '+91' and 10 digits (app/lib/phone.ts), unique per business: an import merges on it.
      table.specificType('phone', 'CHAR(13) CHARACTER SET ascii').notNullable()
      table.string('email', 254).nullable()
      table.dateTime('consent_at').notNullable()
      table.dateTime('opted_out_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['business_id', 'phone'])
      table.index(['business_id', 'created_at'])
    })
    this.schema.createTable('review_requests', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE')
      table.enum('channel', ['whatsapp_link', 'whatsapp', 'sms', 'email']).notNullable()
      table.enum('status', ['created', 'sent', 'delivered', 'opened', 'rated', 'failed', 'opted_out']).notNullable().defaultTo('created')
      // The personal link's token: 16 random bytes, base64url (22 characters), case-sensitive.
      table.specificType('token', 'CHAR(22) CHARACTER SET ascii COLLATE ascii_bin').notNullable().unique()
      table.dateTime('sent_at').nullable()
      table.dateTime('opened_at').nullable()
      table.dateTime('rated_at').nullable()
      table.dateTime('reminded_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['business_id', 'created_at'])
      table.index(['customer_id'])
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.integer('review_request_id').unsigned().nullable().references('id').inTable('review_requests').onDelete('SET NULL')
    })
  }

  async down() {
    this.schema.alterTable('review_sessions', (table) => {
      table.dropForeign(['review_request_id'])
      table.dropColumn('review_request_id')
    })
    this.schema.dropTable('review_requests')
    this.schema.dropTable('customers')
  }
}
