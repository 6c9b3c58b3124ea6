import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      // Subject of the external identity provider's token, for owners who sign in there.
      table.string('external_id', 191).nullable().unique()
      table.dateTime('trial_expired_at').nullable()
    })
    this.schema.alterTable('review_sessions', (table) => {
      // Set once the owner was told about this low rating; the sweep picks up alerts missed while Redis was down.
      table.dateTime('alerted_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('review_sessions', (table) => table.dropColumn('alerted_at'))
    this.schema.alterTable('users', (table) => {
      table.dropColumn('external_id')
      table.dropColumn('trial_expired_at')
    })
  }
}
