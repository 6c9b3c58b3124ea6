import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'

export const connection = {
  host: env.get('DB_HOST'),
  port: env.get('DB_PORT'),
  user: env.get('DB_USER'),
  password: env.get('DB_PASSWORD'),
}

const dbConfig = defineConfig({
  connection: 'mysql',
  connections: {
    mysql: {
      client: 'mysql2',
      connection: {
        ...connection,
        database: env.get('DB_DATABASE'),
        // Store and read DATETIME columns as UTC regardless of the server's time zone.
        timezone: 'Z',
        // DATE columns (IST calendar days) stay 'YYYY-MM-DD' strings instead of shifting through a JS Date.
        dateStrings: ['DATE'],
      },
      // Waiting for a connection (a free one, or a new one from a database that accepts but never answers) is
      // bounded: after 5 s the request answers 503 (exceptions/handler.ts maps the pool timeout), instead of
      // knex's default of a minute.
      pool: { min: 0, max: env.get('DB_POOL_MAX'), acquireTimeoutMillis: 5000 },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
  },
})

export default dbConfig
