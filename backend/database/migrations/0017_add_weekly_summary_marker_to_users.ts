import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The weekly summary's marker (docs/decisions.md D30): the IST Monday of the week in which the owner's last summary was
 * sent. The job claims a week by moving it forward in one conditional UPDATE, so a week is mailed at most once.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.date('weekly_summary_sent_for').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('weekly_summary_sent_for')
    })
  }
}
