import { defineConfig } from '@adonisjs/core/app'

/*
 * AdonisJS imports all preload files at once (Promise.all). On Node 20 two of those imports evaluating the
 * same modules with top-level await (env, the limiter and database services) now and then let start/routes
 * run before start/limiter had finished: "Cannot access 'registerThrottle' before initialization", and the
 * server did not start (1 boot in 16 here; 24 in 40 once start/container imported the database service too).
 * `inTurn` imports each preload only after the one before it (scripts/faults/boot.test.mjs).
 */
let previousPreload: Promise<unknown> = Promise.resolve()
const inTurn = (load: () => Promise<unknown>) => () => (previousPreload = previousPreload.then(load))

export default defineConfig({
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/mail/mail_provider'),
  ],
  preloads: [
    inTurn(() => import('#start/container')),
    { file: inTurn(() => import('#start/redis')), environment: ['web'] },
    { file: inTurn(() => import('#start/invalidations')), environment: ['web', 'test'] },
    inTurn(() => import('#start/limiter')),
    inTurn(() => import('#start/kernel')),
    inTurn(() => import('#start/routes')),
  ],
  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec(.ts|.js)'], name: 'unit', timeout: 5000 },
      { files: ['tests/functional/**/*.spec(.ts|.js)'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec(.ts|.js)'], name: 'browser', timeout: 60000 },
    ],
    forceExit: false,
  },
  directories: {},
  metaFiles: [{ pattern: 'resources/views/**/*.edge', reloadServer: false }],
})
