import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Google locations and their first import (docs/decisions.md D58). The connection says where the import of its
 * reviews is (`queued`, `running`, `done`, `failed` with Google's words); a location is due for an import from the
 * moment it is linked, whoever links it, until its import ends; and a location the owner unlinked by hand is not
 * linked again by its place id.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('google_connections', (table) => {
      table.string('import_status', 16).nullable()
      table.string('import_error', 500).nullable()
    })
    this.schema.alterTable('google_locations', (table) => {
      table.dateTime('import_due_at').nullable()
      table.boolean('unlinked_by_hand').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('google_locations', (table) => {
      table.dropColumn('unlinked_by_hand')
      table.dropColumn('import_due_at')
    })
    this.schema.alterTable('google_connections', (table) => {
      table.dropColumn('import_error')
      table.dropColumn('import_status')
    })
  }
}
