import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The operator console's business search (docs/capacity.md): `q` is a contains-match on the name or the short code,
 * which no B-tree can seek, so every search reads each business once for the page and once for the count. This index
 * holds just what those two reads touch (name, short code, created_at for the default sort, and the id), so MariaDB
 * scans a narrow index instead of the table's rows and never sorts or fetches whole rows; what a search finds is
 * unchanged.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('businesses', (table) => {
      table.index(['name', 'short_url', 'created_at'], 'businesses_admin_search_index')
    })
  }

  async down() {
    this.schema.alterTable('businesses', (table) => {
      table.dropIndex(['name', 'short_url', 'created_at'], 'businesses_admin_search_index')
    })
  }
}
