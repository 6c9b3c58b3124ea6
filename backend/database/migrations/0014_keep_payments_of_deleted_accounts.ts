import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An owner may delete their account (docs/decisions.md D29), but payments are tax records kept for 8 years:
 * a payment outlives its owner, who is then no longer named (user_id becomes null).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('payments', (table) => {
      table.dropForeign(['user_id'])
    })
    this.schema.alterTable('payments', (table) => {
      table.integer('user_id').unsigned().nullable().alter()
      table.foreign('user_id').references('id').inTable('users').onDelete('SET NULL')
    })
  }

  async down() {
    this.schema.alterTable('payments', (table) => {
      table.dropForeign(['user_id'])
    })
    this.defer(async (db) => {
      await db.from('payments').whereNull('user_id').delete()
    })
    this.schema.alterTable('payments', (table) => {
      table.integer('user_id').unsigned().notNullable().alter()
      table.foreign('user_id').references('id').inTable('users').onDelete('CASCADE')
    })
  }
}
