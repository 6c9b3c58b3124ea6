import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The devices a member asked alerts on ("Alerts on this phone", docs/decisions.md D68): a browser's Web Push
 * subscription (its push service's endpoint and the keys payloads are encrypted to). One endpoint is one device:
 * subscribing it again, by anyone, replaces the row. And where each kind of alert goes, per member (null: the
 * defaults, mail and push).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('push_subscriptions', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('endpoint').notNullable()
      /** SHA-256 of the endpoint: the unique key (an endpoint is too long to index). */
      table.specificType('endpoint_hash', 'CHAR(64) CHARACTER SET ascii').notNullable().unique()
      table.string('p256dh', 128).notNullable()
      table.string('auth', 64).notNullable()
      table.string('label', 100).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('last_sent_at').nullable()
      table.index(['user_id'])
    })
    this.schema.alterTable('users', (table) => {
      table.json('alert_channels').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => table.dropColumn('alert_channels'))
    this.schema.dropTable('push_subscriptions')
  }
}
