import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    // One row per Razorpay order; the order id is the idempotency key of a purchase.
    this.schema.createTable('payments', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('plan_id').unsigned().notNullable().references('id').inTable('subscription_plans')
      table.string('razorpay_order_id', 64).notNullable().unique()
      table.string('razorpay_payment_id', 64).nullable().unique()
      table.integer('amount').unsigned().notNullable()
      table.string('currency', 3).notNullable().defaultTo('INR')
      table.string('status', 12).notNullable().defaultTo('created')
      table.string('failure_reason', 500).nullable()
      table.dateTime('paid_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').nullable()
      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('subscriptions', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('plan_id').unsigned().notNullable().references('id').inTable('subscription_plans')
      // Exactly one subscription per paid order: the database refuses a second grant.
      table.integer('payment_id').unsigned().notNullable().unique().references('id').inTable('payments')
      table.string('status', 12).notNullable()
      table.dateTime('current_period_start').notNullable()
      table.dateTime('current_period_end').notNullable()
      table.dateTime('cancelled_at').nullable()
      table.dateTime('reminder_sent_at').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').nullable()
      table.index(['user_id', 'status', 'current_period_end'])
      table.index(['status', 'current_period_end'])
    })

    this.schema.createTable('payment_events', (table) => {
      table.increments('id')
      table.string('event_id', 100).notNullable().unique()
      table.string('event', 60).notNullable()
      table.string('razorpay_order_id', 64).nullable().index()
      table.text('payload', 'mediumtext').notNullable()
      table.dateTime('received_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('payment_events')
    this.schema.dropTable('subscriptions')
    this.schema.dropTable('payments')
  }
}
