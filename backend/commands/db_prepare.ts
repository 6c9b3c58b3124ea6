import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { ensureDatabase } from '#database/ensure_database'

/** Everything a fresh machine needs before the API starts: the database, its migrations, the seed data. */
export default class DbPrepare extends BaseCommand {
  static commandName = 'db:prepare'
  static description = 'Create the database if missing, run migrations, then seed'
  static options: CommandOptions = { startApp: true }

  async run() {
    await ensureDatabase()
    this.logger.info('database ready')
    for (const [command, args] of [
      ['migration:run', ['--force']],
      ['db:seed', []],
    ] as const) {
      const result = await this.kernel.exec(command, [...args])
      if (result.exitCode) {
        this.exitCode = result.exitCode
        return
      }
    }
  }
}
