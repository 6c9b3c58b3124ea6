import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'review_sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.integer('business_id').unsigned().notNullable().references('id').inTable('businesses').onDelete('CASCADE')
      table.tinyint('rating').unsigned().notNullable()
      table.text('feedback').nullable()
      table.boolean('redirected').notNullable().defaultTo(false)
      table.dateTime('resolved_at').nullable()
      // sha256 of client IP + user agent: lets rate limits and abuse checks group a client without storing its IP.
      table.string('client_fingerprint', 64).nullable()
      table.dateTime('created_at', { precision: 3 }).notNullable()

      // "Sessions of a business, newest first" and date-range scans.
      table.index(['business_id', 'created_at', 'id'], 'review_sessions_business_created_idx')
      // Feedback inbox: low ratings of a business by date.
      table.index(['business_id', 'rating', 'created_at'], 'review_sessions_business_rating_idx')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
