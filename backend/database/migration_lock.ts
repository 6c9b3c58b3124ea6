/*
 * One migration at a time per database, held on one pinned connection (docs/decisions.md D64).
 *
 * Lucid's own lock is MySQL's session-scoped GET_LOCK('1'), taken and released through its connection pool: the
 * release can run on another session (then "Migration completed, but unable to release database lock"), and the
 * key `1` is shared by every database of the server, so two products migrating different databases collide.
 * Here the lock is named after the database and lives on a connection of its own that is opened for it, held
 * for the whole migrate-and-seed and closed afterwards: a lock on a closed session is released by the server, so
 * even a crash cannot leave it behind. Lucid's lock is then turned off (`disableLocks` / `--disable-locks`).
 */
import { createHash } from 'node:crypto'
import mysql from 'mysql2/promise'
import env from '#start/env'
import { connection } from '#config/database'

/** How long a second migrator waits for the first before it gives up (a long migration on a big table). */
export const MIGRATION_LOCK_WAIT_SECONDS = 600

/** MySQL's lock names are at most 64 characters: long database names are shortened by a hash. */
export function migrationLockName(database: string) {
  const name = `reviewroute:migrate:${database}`
  if (name.length <= 64) return name
  return `reviewroute:migrate:${createHash('sha256').update(database).digest('hex').slice(0, 40)}`
}

export class MigrationLockTimeout extends Error {
  constructor(database: string, seconds: number) {
    super(`Another migration of "${database}" held its lock for more than ${seconds} s; nothing was migrated`)
  }
}

/** Runs `work` while holding the database's migration lock, waiting up to `waitSeconds` for it. */
export async function withMigrationLock<T>(
  work: () => Promise<T>,
  { database = env.get('DB_DATABASE'), waitSeconds = MIGRATION_LOCK_WAIT_SECONDS } = {}
): Promise<T> {
  const pinned = await mysql.createConnection(connection)
  try {
    const name = migrationLockName(database)
    const [rows] = await pinned.query<mysql.RowDataPacket[]>('SELECT GET_LOCK(?, ?) AS acquired', [name, waitSeconds])
    if (rows[0]?.acquired !== 1) throw new MigrationLockTimeout(database, waitSeconds)
    try {
      return await work()
    } finally {
      await pinned.query('SELECT RELEASE_LOCK(?)', [name])
    }
  } finally {
    await pinned.end()
  }
}
