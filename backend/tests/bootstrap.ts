import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Config } from '@japa/runner/types'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import { ensureDatabase } from '#database/ensure_database'
import { withMigrationLock } from '#database/migration_lock'
import PlansSeeder from '#database/seeders/plans_seeder'
import { QueueService } from '#queue/queue_service'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient({ baseURL: `http://${env.get('HOST')}:${env.get('PORT')}` }),
  pluginAdonisJS(app),
  authApiClient(app),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      await ensureDatabase()
      // The database's own lock on a pinned connection, as `db:prepare` takes it (Lucid's is turned off).
      await withMigrationLock(async () => {
        const ace = await app.container.make('ace')
        const migrate = await ace.exec('migration:run', ['--compact-output', '--disable-locks'])
        if (migrate.exitCode) throw migrate.error ?? new Error('"migration:run" failed')
      })
      await new PlansSeeder(db.connection()).run()
      // Jobs enqueued by earlier runs (tests have their own queue prefix).
      await (await app.container.make(QueueService)).obliterateAll()
    },
  ],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'functional' || suite.name === 'browser') {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
