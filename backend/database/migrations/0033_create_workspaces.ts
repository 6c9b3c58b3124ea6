import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Workspaces (docs/decisions.md D42): the tenant becomes a workspace with members, not a user. Every existing user
 * becomes the `owner` of one `personal` workspace holding exactly what they had: their businesses (and so
 * everything under them), their subscriptions, payments, invoices, billing profile and WhatsApp Business account,
 * and their trial (which stays on the user: a personal workspace's trial is its creator's). The `user_id` columns stay as who created or paid for the row; a business, billing profile or
 * WhatsApp account now outlives the member who added it (SET NULL), and goes with its workspace (CASCADE).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('workspaces', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.enum('kind', ['personal', 'team', 'agency', 'client']).notNullable()
      /** The agency managing a client workspace; its members act here with their agency role. */
      table.integer('managed_by_workspace_id').unsigned().nullable().references('id').inTable('workspaces').onDelete('SET NULL')
      table.integer('created_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      /** An agency's white label: name, colour and the logo's content hash (the bytes are in brand_logos). */
      table.string('brand_name', 60).nullable()
      table.string('brand_color', 7).nullable()
      table.string('brand_logo_hash', 64).nullable()
      table.string('brand_logo_type', 40).nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
    })

    /** Logos by content (sha256): served from our origin with an immutable cache, whichever replica answers. */
    this.schema.createTable('brand_logos', (table) => {
      table.string('hash', 64).primary()
      table.string('content_type', 40).notNullable()
      table.specificType('bytes', 'MEDIUMBLOB').notNullable()
      table.dateTime('created_at').notNullable()
    })

    this.schema.createTable('workspace_members', (table) => {
      table.increments('id')
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enum('role', ['owner', 'manager', 'viewer']).notNullable()
      /** The businesses a manager or viewer is limited to; NULL: all of the workspace's. */
      table.json('business_ids').nullable()
      table.dateTime('created_at').notNullable()
      table.dateTime('updated_at').notNullable()
      table.unique(['workspace_id', 'user_id'])
      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('workspace_invitations', (table) => {
      table.increments('id')
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.enum('role', ['owner', 'manager', 'viewer']).notNullable()
      table.json('business_ids').nullable()
      /** sha256 of the token in the mailed link; the token itself is never stored. */
      table.string('token_hash', 64).notNullable().unique()
      table.integer('invited_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      table.dateTime('expires_at').notNullable()
      table.dateTime('accepted_at').nullable()
      table.dateTime('created_at').notNullable()
      table.index(['workspace_id', 'email'])
    })

    this.schema.createTable('workspace_activity', (table) => {
      table.bigIncrements('id')
      table.integer('workspace_id').unsigned().notNullable().references('id').inTable('workspaces').onDelete('CASCADE')
      table.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
      /** Who it was when it happened, kept after the account goes. */
      table.string('actor_email', 254).nullable()
      table.string('action', 60).notNullable()
      table.json('details').notNullable()
      table.dateTime('created_at').notNullable()
      table.index(['workspace_id', 'created_at'])
    })

    this.defer(async (db) => {
      // One personal workspace per existing user, its owner. Its trial stays the user's (a user's trial is their
      // personal workspace's: the only workspace that gets one).
      await db.rawQuery(
        `INSERT INTO workspaces (name, kind, created_by_user_id, created_at, updated_at)
         SELECT LEFT(COALESCE(NULLIF(TRIM(CONCAT_WS(' ', first_name, last_name)), ''), email), 120), 'personal', id, created_at, created_at
         FROM users ORDER BY id`
      )
      await db.rawQuery(
        `INSERT INTO workspace_members (workspace_id, user_id, role, business_ids, created_at, updated_at)
         SELECT id, created_by_user_id, 'owner', NULL, created_at, created_at FROM workspaces WHERE kind = 'personal'`
      )

      for (const owned of ['businesses', 'subscriptions', 'payments', 'invoices', 'billing_profiles', 'whatsapp_accounts']) {
        await db.rawQuery(`ALTER TABLE ${owned} ADD COLUMN workspace_id INT UNSIGNED NULL`)
        await db.rawQuery(
          `UPDATE ${owned} JOIN workspaces ON workspaces.created_by_user_id = ${owned}.user_id AND workspaces.kind = 'personal'
           SET ${owned}.workspace_id = workspaces.id`
        )
      }

      // A business belongs to a workspace; who added it may leave.
      await db.rawQuery(
        `ALTER TABLE businesses
           DROP FOREIGN KEY businesses_user_id_foreign,
           DROP INDEX businesses_user_id_place_id_unique,
           MODIFY user_id INT UNSIGNED NULL,
           MODIFY workspace_id INT UNSIGNED NOT NULL`
      )
      await db.rawQuery(
        `ALTER TABLE businesses
           ADD CONSTRAINT businesses_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
           ADD CONSTRAINT businesses_workspace_id_foreign FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE,
           ADD UNIQUE INDEX businesses_workspace_id_place_id_unique (workspace_id, place_id),
           ADD INDEX businesses_workspace_id_created_at_index (workspace_id, created_at)`
      )
      await db.rawQuery(
        `ALTER TABLE subscriptions
           MODIFY workspace_id INT UNSIGNED NOT NULL,
           ADD CONSTRAINT subscriptions_workspace_id_foreign FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE,
           ADD INDEX subscriptions_workspace_status_period_index (workspace_id, status, current_period_end)`
      )
      // Who pays: the workspace itself, or the agency buying a plan for its client (its billing profile is invoiced).
      await db.rawQuery('ALTER TABLE payments ADD COLUMN paid_by_workspace_id INT UNSIGNED NULL')
      await db.rawQuery('UPDATE payments SET paid_by_workspace_id = workspace_id')
      await db.rawQuery(
        `ALTER TABLE payments
           ADD CONSTRAINT payments_paid_by_workspace_id_foreign FOREIGN KEY (paid_by_workspace_id) REFERENCES workspaces (id) ON DELETE SET NULL,
           ADD INDEX payments_paid_by_workspace_id_created_at_index (paid_by_workspace_id, created_at)`
      )
      // Payments and invoices outlive their workspace, as they outlive an account.
      for (const kept of ['payments', 'invoices']) {
        await db.rawQuery(
          `ALTER TABLE ${kept}
             ADD CONSTRAINT ${kept}_workspace_id_foreign FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE SET NULL,
             ADD INDEX ${kept}_workspace_id_created_at_index (workspace_id, created_at)`
        )
      }
      await db.rawQuery(
        `ALTER TABLE billing_profiles
           DROP FOREIGN KEY billing_profiles_user_id_foreign,
           DROP PRIMARY KEY,
           MODIFY user_id INT UNSIGNED NULL,
           MODIFY workspace_id INT UNSIGNED NOT NULL,
           ADD PRIMARY KEY (workspace_id)`
      )
      await db.rawQuery(
        `ALTER TABLE billing_profiles
           ADD CONSTRAINT billing_profiles_workspace_id_foreign FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE,
           ADD CONSTRAINT billing_profiles_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`
      )
      await db.rawQuery(
        `ALTER TABLE whatsapp_accounts
           DROP FOREIGN KEY whatsapp_accounts_user_id_foreign,
           DROP INDEX whatsapp_accounts_user_id_unique,
           MODIFY user_id INT UNSIGNED NULL,
           MODIFY workspace_id INT UNSIGNED NOT NULL,
           ADD UNIQUE INDEX whatsapp_accounts_workspace_id_unique (workspace_id)`
      )
      await db.rawQuery(
        `ALTER TABLE whatsapp_accounts
           ADD CONSTRAINT whatsapp_accounts_workspace_id_foreign FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE,
           ADD CONSTRAINT whatsapp_accounts_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`
      )
    })
  }

  async down() {
    this.defer(async (db) => {
      // Rows without a creator cannot go back to being a user's.
      await db.rawQuery('DELETE FROM whatsapp_accounts WHERE user_id IS NULL')
      await db.rawQuery(
        `ALTER TABLE whatsapp_accounts
           DROP FOREIGN KEY whatsapp_accounts_workspace_id_foreign,
           DROP FOREIGN KEY whatsapp_accounts_user_id_foreign,
           DROP INDEX whatsapp_accounts_workspace_id_unique,
           DROP COLUMN workspace_id,
           MODIFY user_id INT UNSIGNED NOT NULL,
           ADD UNIQUE INDEX whatsapp_accounts_user_id_unique (user_id)`
      )
      await db.rawQuery(
        `ALTER TABLE whatsapp_accounts ADD CONSTRAINT whatsapp_accounts_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`
      )
      await db.rawQuery('DELETE FROM billing_profiles WHERE user_id IS NULL')
      await db.rawQuery(
        `ALTER TABLE billing_profiles
           DROP FOREIGN KEY billing_profiles_workspace_id_foreign,
           DROP FOREIGN KEY billing_profiles_user_id_foreign,
           DROP PRIMARY KEY,
           DROP COLUMN workspace_id,
           MODIFY user_id INT UNSIGNED NOT NULL,
           ADD PRIMARY KEY (user_id)`
      )
      await db.rawQuery(
        `ALTER TABLE billing_profiles ADD CONSTRAINT billing_profiles_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`
      )
      await db.rawQuery(
        `ALTER TABLE payments DROP FOREIGN KEY payments_paid_by_workspace_id_foreign,
           DROP INDEX payments_paid_by_workspace_id_created_at_index, DROP COLUMN paid_by_workspace_id`
      )
      for (const kept of ['payments', 'invoices']) {
        await db.rawQuery(
          `ALTER TABLE ${kept} DROP FOREIGN KEY ${kept}_workspace_id_foreign, DROP INDEX ${kept}_workspace_id_created_at_index, DROP COLUMN workspace_id`
        )
      }
      await db.rawQuery(
        `ALTER TABLE subscriptions DROP FOREIGN KEY subscriptions_workspace_id_foreign,
           DROP INDEX subscriptions_workspace_status_period_index, DROP COLUMN workspace_id`
      )
      await db.rawQuery('DELETE FROM businesses WHERE user_id IS NULL')
      await db.rawQuery(
        `ALTER TABLE businesses
           DROP FOREIGN KEY businesses_workspace_id_foreign,
           DROP FOREIGN KEY businesses_user_id_foreign,
           DROP INDEX businesses_workspace_id_place_id_unique,
           DROP INDEX businesses_workspace_id_created_at_index,
           DROP COLUMN workspace_id,
           MODIFY user_id INT UNSIGNED NOT NULL,
           ADD UNIQUE INDEX businesses_user_id_place_id_unique (user_id, place_id)`
      )
      await db.rawQuery(
        `ALTER TABLE businesses ADD CONSTRAINT businesses_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`
      )
    })
    this.schema.dropTable('workspace_activity')
    this.schema.dropTable('workspace_invitations')
    this.schema.dropTable('workspace_members')
    this.schema.dropTable('brand_logos')
    this.schema.dropTable('workspaces')
  }
}
