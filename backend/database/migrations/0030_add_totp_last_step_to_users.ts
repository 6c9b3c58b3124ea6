import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The operator's last accepted TOTP time step (docs/product-rules.md#accounts-and-tokens): a code is accepted
 * only for a later step, claimed in one conditional UPDATE, so a code seen over a shoulder or in a proxy's log
 * cannot open a second sign-in within its window. Nullable: no code accepted yet, and the previous release's
 * replicas, which do not know the column, keep working during the roll.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.bigInteger('totp_last_step').unsigned().nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('totp_last_step')
    })
  }
}
