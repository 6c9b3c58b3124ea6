import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A personal workspace is named for what it holds, "Rakesh's businesses" (docs/decisions.md D57), not after its
 * owner alone, which made an invitation from it read "Rakesh Sharma invited you to Rakesh Sharma". Only those still
 * named exactly as sign-up and migration 0033 named them (the full name, else the address; compared byte for byte)
 * are renamed: a name the owner chose stays. The rule is Workspace.personalName's, kept here as it was written.
 */
const OLD_NAME = `LEFT(COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.email), 120)`
const SUFFIX = "'s businesses"
const NEW_NAME = `CONCAT(LEFT(COALESCE(NULLIF(TRIM(u.first_name), ''), NULLIF(TRIM(u.last_name), ''), SUBSTRING_INDEX(u.email, '@', 1)), ${120 - SUFFIX.length}), ?)`

function rename(from: string, to: string) {
  return `UPDATE workspaces w JOIN users u ON u.id = w.created_by_user_id
          SET w.name = ${to}
          WHERE w.kind = 'personal' AND BINARY w.name = BINARY ${from}`
}

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery(rename(OLD_NAME, NEW_NAME), [SUFFIX])
    })
  }

  async down() {
    this.defer(async (db) => {
      await db.rawQuery(rename(NEW_NAME, OLD_NAME), [SUFFIX])
    })
  }
}
