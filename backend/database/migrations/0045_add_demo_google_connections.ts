import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A demo Business Profile connection (docs/decisions.md D59): seeded on development machines so the inbox can be
 * tried without Google's credentials. It never reaches Google: no sync, no token, replies stored here only.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('google_connections', (table) => {
      table.boolean('demo').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('google_connections', (table) => table.dropColumn('demo'))
  }
}
