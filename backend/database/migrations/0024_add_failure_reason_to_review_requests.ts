import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Why a review request failed, in the provider's words (docs/decisions.md D32): the error a provider
 * answered when it refused the message, or the reason its delivery webhook gave, shown to the owner on the request.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('review_requests', (table) => {
      table.string('failure_reason', 255).nullable()
    })
  }

  async down() {
    this.schema.alterTable('review_requests', (table) => table.dropColumn('failure_reason'))
  }
}
