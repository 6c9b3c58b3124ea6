import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { ensureDatabase } from '#database/ensure_database'
import { withMigrationLock } from '#database/migration_lock'

/**
 * Everything a fresh machine needs before the API starts: the database, its migrations, the seed data. Migrating
 * and seeding hold the database's own lock on one pinned connection (database/migration_lock.ts), so two
 * `db:prepare` at once (replicas starting, a newcomer's `npm start` beside a test run) take turns: the second
 * finds nothing left to migrate.
 */
export default class DbPrepare extends BaseCommand {
  static commandName = 'db:prepare'
  static description = 'Create the database if missing, run migrations, then seed'
  static options: CommandOptions = { startApp: true }

  async run() {
    await ensureDatabase()
    this.logger.info('database ready')
    this.exitCode = await withMigrationLock(async () => {
      for (const [command, args] of [
        ['migration:run', ['--force', '--disable-locks']],
        ['db:seed', []],
      ] as const) {
        const result = await this.kernel.exec(command, [...args])
        if (result.exitCode) return result.exitCode
      }
      return 0
    })
  }
}
