import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Requests that send themselves (docs/decisions.md D72): a business's integration with a billing, shop or booking
 * system (Razorpay, Shopify, WooCommerce, Zoho Books, Zenoti) whose signed webhooks schedule a review request after
 * the bill is paid, the order delivered or the appointment closed; each event it received (the last 200 are kept);
 * and on each request where it came from and when it may be sent.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('integrations', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.enum('provider', ['razorpay', 'shopify', 'woocommerce', 'zoho_books', 'zenoti']).notNullable()
      /** The webhook address's last part: 32 random bytes, base64url. */
      table.specificType('token', 'CHAR(43) CHARACTER SET ascii').notNullable().unique()
      /** The key the provider signs with (or sends as a header), encrypted with the app key. */
      table.text('signing_secret_encrypted').notNullable()
      table.string('trigger', 40).notNullable()
      table.integer('delay_minutes').unsigned().notNullable()
      table.enum('channel', ['auto', 'whatsapp', 'sms', 'email']).notNullable().defaultTo('auto')
      table.bigInteger('min_amount_paise').unsigned().notNullable().defaultTo(0)
      table.boolean('active').notNullable().defaultTo(true)
      /** The owner's statement that customers agreed at checkout to hear from the business: when, and who. */
      table.dateTime('consent_confirmed_at').notNullable()
      table.integer('consent_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('last_event_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.index(['business_id'])
    })
    this.schema.createTable('integration_events', (table) => {
      table.bigIncrements('id')
      table.integer('integration_id').unsigned().notNullable().references('id').inTable('integrations').onDelete('CASCADE')
      table.dateTime('received_at').notNullable()
      /** The provider's order, payment, invoice or appointment: what a repeat is known by. */
      table.string('reference', 191).nullable()
      table.string('dedupe_key', 191).nullable()
      table.string('customer_masked', 120).nullable()
      table.enum('outcome', ['scheduled', 'skipped', 'rejected']).notNullable()
      table.string('reason', 255).nullable()
      table.integer('review_request_id').unsigned().nullable()
      table.dateTime('send_at').nullable()
      table.boolean('test').notNullable().defaultTo(false)
      table.unique(['integration_id', 'dedupe_key'])
      table.index(['integration_id', 'id'])
    })
    this.schema.alterTable('review_requests', (table) => {
      table.enum('source', ['manual', 'csv', 'visit_hook', 'integration', 'staff_link']).notNullable().defaultTo('manual')
      table.integer('integration_id').unsigned().nullable().references('id').inTable('integrations').onDelete('SET NULL')
      /** Not sent before this (an integration's delay); null: as soon as quiet hours allow. */
      table.dateTime('send_after').nullable()
      table.index(['business_id', 'customer_id', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable('review_requests', (table) => {
      table.dropForeign(['integration_id'])
      table.dropIndex(['business_id', 'customer_id', 'created_at'])
      table.dropColumn('source')
      table.dropColumn('integration_id')
      table.dropColumn('send_after')
    })
    this.schema.dropTable('integration_events')
    this.schema.dropTable('integrations')
  }
}
