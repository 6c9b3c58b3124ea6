import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      table.string('email', 254).notNullable().unique()
      // Null for accounts that only sign in through the external identity provider.
      table.string('password', 255).nullable()
      table.string('first_name', 100).nullable()
      table.string('last_name', 100).nullable()
      table.string('phone', 16).nullable()
      table.string('profile_image_url', 2048).nullable()
      table.dateTime('trial_starts_at').nullable()
      table.dateTime('trial_ends_at').nullable()
      table.dateTime('last_seen_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
