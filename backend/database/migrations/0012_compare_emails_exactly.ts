import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Emails are stored normalised (trimmed, lower case, Unicode NFC: #lib/email) and compared exactly. The
 * server's default collation folds accents, so `séc@…` found the account of `sec@…` while the sign-in lock
 * counted them apart (docs/decisions.md, "emails compared exactly"). A binary collation makes the database
 * compare what the application compares; lower-casing is done before storing, so nothing is lost.
 */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.defer(async (db) => {
      await db.rawQuery('UPDATE users SET email = LOWER(TRIM(email))')
      await db.rawQuery('ALTER TABLE users MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL')
    })
  }

  async down() {
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE users MODIFY email VARCHAR(254) NOT NULL')
    })
  }
}
