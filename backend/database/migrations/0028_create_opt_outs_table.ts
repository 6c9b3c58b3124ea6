import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A business's opt-out list (docs/product-rules.md#opt-outs): the numbers and addresses that asked for no more review
 * requests from it. Apart from `customers`, so deleting a customer row forgets nothing; one row per number or
 * address, so a customer who changes either stays covered by the other.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('opt_outs', (table) => {
      table.increments('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      // '+91' and 10 digits, as customers.phone.
      table.specificType('phone', 'CHAR(13) CHARACTER SET ascii').nullable()
      // Lower-cased, as customers.email.
      table.string('email', 254).nullable()
      table.dateTime('created_at').notNullable()
      table.unique(['business_id', 'phone'])
      table.unique(['business_id', 'email'])
    })
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE opt_outs ADD CONSTRAINT opt_outs_phone_or_email CHECK ((phone IS NULL) <> (email IS NULL))')
      // Customers who opted out before the list existed are on it from the start.
      await db.rawQuery(
        `INSERT IGNORE INTO opt_outs (business_id, phone, email, created_at)
         SELECT business_id, phone, NULL, opted_out_at FROM customers WHERE opted_out_at IS NOT NULL
         UNION ALL
         SELECT business_id, NULL, LOWER(email), opted_out_at FROM customers WHERE opted_out_at IS NOT NULL AND email IS NOT NULL`
      )
    })
  }

  async down() {
    this.schema.dropTable('opt_outs')
  }
}
