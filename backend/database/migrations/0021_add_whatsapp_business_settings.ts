import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Review requests sent by WhatsApp Business (docs/decisions.md D32): an owner's Cloud API number and
 * approved templates (the access token encrypted with the app key), and the provider's message id on a request,
 * which the delivery webhook reports on.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('whatsapp_accounts', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().unique().references('id').inTable('users').onDelete('CASCADE')
      table.string('phone_number_id', 64).notNullable().unique()
      table.text('access_token_encrypted').notNullable()
      /** Approved template name per customer-page language, e.g. {"en": "review_request_en", "hi": "review_request_hi"}. */
      table.json('templates').notNullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })
    this.schema.alterTable('review_requests', (table) => {
      table.string('provider_message_id', 128).nullable().unique()
    })
  }

  async down() {
    this.schema.alterTable('review_requests', (table) => table.dropColumn('provider_message_id'))
    this.schema.dropTable('whatsapp_accounts')
  }
}
