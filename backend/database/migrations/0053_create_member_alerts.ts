import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every alert a member gets (docs/decisions.md D70): what it is about, where it went and how each channel fared,
 * and what a tap on it did. `whatsapp_due_at` holds a WhatsApp message waiting for the push to be opened (or for the
 * member's quiet hours to end, `held_until`); `member_alert_taps` keeps each action of an alert to once. The member's quiet hours
 * are theirs, on the users row.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('member_alerts', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('business_id').unsigned().nullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.enum('kind', ['feedback', 'googleReviews', 'summaries']).notNullable()
      // No foreign key to the ratings: review_sessions is to be partitioned by month, which allows none.
      table.bigInteger('review_session_id').unsigned().nullable()
      table.bigInteger('google_review_id').unsigned().nullable().references('id').inTable('google_reviews').onDelete('CASCADE')
      table.tinyint('stars').unsigned().nullable()
      table.string('title', 255).notNullable()
      table.string('body', 255).nullable()
      table.string('url', 255).nullable()
      // The template message it goes out as on WhatsApp: {template, parameters, actions, path}.
      table.json('whatsapp_message').nullable()
      table.dateTime('held_until').nullable().index()
      table.dateTime('whatsapp_due_at').nullable().index()
      table.dateTime('push_opened_at').nullable()
      table.string('action', 32).nullable()
      table.dateTime('action_at').nullable()
      table.text('draft').nullable()
      table.dateTime('created_at').notNullable()
      table.index(['user_id', 'id'])
      table.index(['review_session_id'])
    })
    this.schema.createTable('member_alert_deliveries', (table) => {
      table.bigIncrements('id')
      table.bigInteger('member_alert_id').unsigned().notNullable().references('id').inTable('member_alerts').onDelete('CASCADE')
      table.enum('channel', ['email', 'whatsapp', 'push']).notNullable()
      table.enum('status', ['sent', 'delivered', 'read', 'failed']).notNullable()
      table.string('provider_message_id', 128).nullable().index()
      table.string('failure', 255).nullable()
      table.dateTime('sent_at').notNullable()
      table.dateTime('at').notNullable()
      table.unique(['member_alert_id', 'channel'])
      table.index(['channel', 'sent_at'])
    })
    this.schema.createTable('member_alert_taps', (table) => {
      table.bigInteger('member_alert_id').unsigned().notNullable().references('id').inTable('member_alerts').onDelete('CASCADE')
      table.string('action', 16).notNullable()
      table.dateTime('created_at').notNullable()
      table.primary(['member_alert_id', 'action'])
    })
    this.schema.alterTable('users', (table) => {
      table.json('alert_quiet_hours').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('alert_quiet_hours')
    })
    this.schema.dropTable('member_alert_taps')
    this.schema.dropTable('member_alert_deliveries')
    this.schema.dropTable('member_alerts')
  }
}
