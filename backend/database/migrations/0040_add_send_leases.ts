import { BaseSchema } from '@adonisjs/lucid/schema'

const STATUSES = ['created', 'sent', 'delivered', 'opened', 'rated', 'failed', 'opted_out']

/**
 * Sends survive a dead worker (docs/decisions.md D52): every send holds a lease, the time it was claimed, from
 * just before the provider is called until the outcome is written; a claim older than SEND_LEASE_SECONDS belongs to
 * a worker that died and is taken again. Review requests say so in their status too (`sending`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `ALTER TABLE review_requests MODIFY status ENUM(${[...STATUSES, 'sending'].map((s) => `'${s}'`).join(', ')}) NOT NULL DEFAULT 'created'`
    )
    this.schema.alterTable('review_requests', (table) => {
      table.dateTime('send_claimed_at').nullable()
      table.dateTime('reminder_claimed_at').nullable()
      // The sweep's "due or left sending by a dead worker".
      table.index(['status', 'send_claimed_at'], 'review_requests_status_claim_index')
    })
    this.schema.alterTable('invoices', (table) => table.dateTime('mail_claimed_at').nullable())
    this.schema.alterTable('subscriptions', (table) => table.dateTime('reminder_claimed_at').nullable())
    this.schema.alterTable('users', (table) => table.dateTime('weekly_summary_claimed_at').nullable())
    this.schema.alterTable('review_sessions', (table) => table.dateTime('alert_claimed_at').nullable())
    this.schema.alterTable('google_reviews', (table) => table.dateTime('alert_claimed_at').nullable())
  }

  async down() {
    this.schema.alterTable('google_reviews', (table) => table.dropColumn('alert_claimed_at'))
    this.schema.alterTable('review_sessions', (table) => table.dropColumn('alert_claimed_at'))
    this.schema.alterTable('users', (table) => table.dropColumn('weekly_summary_claimed_at'))
    this.schema.alterTable('subscriptions', (table) => table.dropColumn('reminder_claimed_at'))
    this.schema.alterTable('invoices', (table) => table.dropColumn('mail_claimed_at'))
    this.schema.alterTable('review_requests', (table) => {
      table.dropIndex(['status', 'send_claimed_at'], 'review_requests_status_claim_index')
      table.dropColumn('send_claimed_at')
      table.dropColumn('reminder_claimed_at')
    })
    this.schema.raw(`UPDATE review_requests SET status = 'created' WHERE status = 'sending'`)
    this.schema.raw(
      `ALTER TABLE review_requests MODIFY status ENUM(${STATUSES.map((s) => `'${s}'`).join(', ')}) NOT NULL DEFAULT 'created'`
    )
  }
}
