import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * GST tax invoices (docs/decisions.md D33): the owner's billing details; one invoice per granted payment
 * and one credit note per refund, each numbered in its series and financial year from a counter row that the
 * granting transaction locks (consecutive, no gaps, no repeats: a rolled-back grant takes its number back); refunds.
 * Invoices keep the parties as they were when issued and outlive the owner's account (tax records, 8 years).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('billing_profiles', (table) => {
      table.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE')
      table.string('legal_name', 200).notNullable()
      table.string('address', 500).notNullable()
      table.string('state_code', 2).notNullable()
      table.string('gstin', 15).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    this.schema.createTable('invoice_counters', (table) => {
      table.string('series', 8).notNullable()
      /** '2026-27' */
      table.string('financial_year', 7).notNullable()
      table.integer('last_number').unsigned().notNullable()
      table.primary(['series', 'financial_year'])
    })

    this.schema.createTable('refunds', (table) => {
      table.increments('id')
      table.integer('payment_id').unsigned().notNullable().unique().references('id').inTable('payments')
      table.string('razorpay_refund_id', 64).nullable().unique()
      table.integer('amount').unsigned().notNullable()
      /** pending (asked of Razorpay) · processed · failed */
      table.string('status', 12).notNullable()
      table.string('reason', 300).notNullable()
      table.dateTime('processed_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    this.schema.createTable('invoices', (table) => {
      table.increments('id')
      table.string('number', 16).notNullable().unique()
      table.string('kind', 12).notNullable()
      table.string('series', 8).notNullable()
      table.string('financial_year', 7).notNullable()
      table.integer('sequence').unsigned().notNullable()
      table.integer('payment_id').unsigned().notNullable().references('id').inTable('payments')
      table.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('refers_to_invoice_id').unsigned().nullable().references('id').inTable('invoices')
      table.integer('refund_id').unsigned().nullable().unique().references('id').inTable('refunds')
      table.dateTime('issued_at').notNullable()
      table.json('seller').notNullable()
      table.json('buyer').notNullable()
      table.string('place_of_supply', 2).notNullable()
      table.string('sac', 8).notNullable()
      table.string('description', 300).notNullable()
      table.integer('taxable_value').unsigned().notNullable()
      table.integer('cgst').unsigned().notNullable()
      table.integer('sgst').unsigned().notNullable()
      table.integer('igst').unsigned().notNullable()
      table.integer('total').unsigned().notNullable()
      /** Set once the receipt mail with the PDF has gone (invoices only). */
      table.dateTime('mailed_at').nullable()
      table.dateTime('created_at').notNullable()
      table.unique(['series', 'financial_year', 'sequence'])
      /** One invoice per payment, one credit note per payment's refund. */
      table.unique(['payment_id', 'kind'])
      table.index(['user_id', 'issued_at'])
    })
  }

  async down() {
    this.schema.dropTable('invoices')
    this.schema.dropTable('refunds')
    this.schema.dropTable('invoice_counters')
    this.schema.dropTable('billing_profiles')
  }
}
