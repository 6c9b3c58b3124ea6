import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The owner's notification settings (docs/decisions.md D30): one pair per owner, so columns on users; and per business
 * when its owner was last mailed an instant alert, the gate that allows one such mail per 10 minutes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.enum('feedback_alerts', ['instant', 'daily', 'off']).notNullable().defaultTo('instant')
      table.boolean('weekly_summary').notNullable().defaultTo(true)
    })
    this.schema.alterTable('businesses', (table) => {
      table.dateTime('feedback_alerted_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('businesses', (table) => table.dropColumn('feedback_alerted_at'))
    this.schema.alterTable('users', (table) => {
      table.dropColumn('feedback_alerts')
      table.dropColumn('weekly_summary')
    })
  }
}
