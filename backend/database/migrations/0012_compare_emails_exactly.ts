import { BaseSchema } from '@adonisjs/lucid/schema'
import { normalizeEmail } from '#lib/email'

/**
 * Emails are stored normalised (trimmed, lower case, Unicode NFC: #lib/email) and compared exactly. The
 * server's default collation folds accents, so `séc@…` found the account of `sec@…` while the sign-in lock
 * counted them apart (docs/decisions.md D24). Existing addresses are normalised here by the application's own
 * function (SQL's LOWER differs from it for some letters and knows no NFC); two accounts that become one
 * address stop the migration instead of being merged. Then a binary collation makes the database compare what
 * the application compares.
 *
 * `down` restores the default collation; it fails on the unique index if accent variants were registered since.
 */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.defer(async (db) => {
      const users: { id: number; email: string }[] = await db.from('users').select('id', 'email')
      const owners = new Map<string, number>()
      for (const { id, email } of users) {
        const normal = normalizeEmail(email)
        const other = owners.get(normal)
        if (other !== undefined) throw new Error(`users ${other} and ${id} have the same address once normalised: ${normal}`)
        owners.set(normal, id)
      }
      for (const { id, email } of users) {
        if (normalizeEmail(email) !== email)
          await db
            .from('users')
            .where('id', id)
            .update({ email: normalizeEmail(email) })
      }
      await db.rawQuery('ALTER TABLE users MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL')
    })
  }

  async down() {
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE users MODIFY email VARCHAR(254) NOT NULL')
    })
  }
}
