import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * After each visit, automatically (docs/decisions.md D32): a secret per business in the address a billing
 * or POS system calls to create the customer and queue a review request. Null: the hook is off.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('businesses', (table) => {
      table.specificType('visit_hook_secret', 'CHAR(43) CHARACTER SET ascii COLLATE ascii_bin').nullable().unique()
    })
  }

  async down() {
    this.schema.alterTable('businesses', (table) => table.dropColumn('visit_hook_secret'))
  }
}
