import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * WhatsApp connected through Meta's Embedded Signup, with templates ReviewRoute makes, and ratings given inside
 * the chat (docs/decisions.md D67):
 * - the account keeps its WhatsApp Business account id, what Meta says about the number (name, quality, limit),
 *   whether the number stays in the WhatsApp Business app (coexistence), the registration pin (encrypted), and the
 *   latest notice for the owner; a connection Meta reports removed is kept, marked disconnected;
 * - its templates become rows with Meta's review state (the JSON map of names becomes approved rows);
 * - a rating says where it was given (`source`), a WhatsApp voice note is kept beside its rating, and every
 *   inbound message id is recorded once, so a webhook Meta delivers again changes nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('whatsapp_accounts', (table) => {
      table.string('waba_id', 64).nullable()
      table.string('display_phone_number', 32).nullable()
      table.string('verified_name', 255).nullable()
      table.string('quality_rating', 16).nullable()
      table.string('messaging_limit', 32).nullable()
      table.boolean('coexistence').notNullable().defaultTo(false)
      table.text('pin_encrypted').nullable()
      table.dateTime('disconnected_at').nullable()
      table.enum('notice_kind', ['quality', 'disconnected']).nullable()
      table.string('notice_message', 500).nullable()
      table.dateTime('notice_at').nullable()
      table.index(['waba_id'])
    })
    this.schema.createTable('whatsapp_templates', (table) => {
      table.increments('id')
      table.integer('whatsapp_account_id').unsigned().notNullable().references('id').inTable('whatsapp_accounts').onDelete('CASCADE')
      table.string('name', 512).notNullable()
      table.string('language', 2).notNullable()
      table.string('meta_template_id', 64).nullable()
      table.enum('status', ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED']).notNullable()
      table.string('reason', 500).nullable()
      /** Made by ReviewRoute, with the rating quick-replies (an owner's own template has none). */
      table.boolean('managed').notNullable().defaultTo(false)
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['whatsapp_account_id', 'language'])
      table.index(['meta_template_id'])
    })
    this.defer(async (db) => {
      const accounts = await db.from('whatsapp_accounts').select('id', 'templates', 'created_at')
      for (const account of accounts) {
        const templates = typeof account.templates === 'string' ? JSON.parse(account.templates) : (account.templates ?? {})
        for (const [language, name] of Object.entries(templates as Record<string, string>)) {
          await db.table('whatsapp_templates').insert({
            whatsapp_account_id: account.id,
            name,
            language,
            status: 'APPROVED',
            managed: false,
            created_at: account.created_at,
            updated_at: account.created_at,
          })
        }
      }
    })
    this.schema.alterTable('whatsapp_accounts', (table) => {
      table.dropColumn('templates')
    })
    this.schema.alterTable('review_sessions', (table) => {
      table.enum('source', ['page', 'whatsapp']).notNullable().defaultTo('page')
    })
    this.schema.createTable('whatsapp_voice_notes', (table) => {
      /** The rating it is the feedback of (no foreign key: the ratings table may be partitioned). */
      table.bigInteger('review_session_id').unsigned().primary()
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.string('mime_type', 100).notNullable()
      table.integer('bytes').unsigned().notNullable()
      table.specificType('audio', 'MEDIUMBLOB').notNullable()
      table.dateTime('created_at').notNullable()
    })
    this.schema.createTable('whatsapp_inbound_messages', (table) => {
      table.string('wamid', 128).primary()
      table.dateTime('received_at').notNullable()
      table.index(['received_at'])
    })
  }

  async down() {
    this.schema.dropTable('whatsapp_inbound_messages')
    this.schema.dropTable('whatsapp_voice_notes')
    this.schema.alterTable('review_sessions', (table) => table.dropColumn('source'))
    this.schema.alterTable('whatsapp_accounts', (table) => {
      table.json('templates').nullable()
    })
    this.schema.dropTable('whatsapp_templates')
    this.schema.alterTable('whatsapp_accounts', (table) => {
      table.dropIndex(['waba_id'])
      for (const column of [
        'waba_id',
        'display_phone_number',
        'verified_name',
        'quality_rating',
        'messaging_limit',
        'coexistence',
        'pin_encrypted',
        'disconnected_at',
        'notice_kind',
        'notice_message',
        'notice_at',
      ])
        table.dropColumn(column)
    })
  }
}
