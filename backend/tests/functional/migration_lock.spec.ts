/*
 * `db:prepare` migrates under a lock named after its database, held on one pinned connection
 * (database/migration_lock.ts): two at once on one database take turns, two on two databases of one server run
 * side by side, and a lock another product holds under Lucid's shared key `1` stops neither.
 */
import { test } from '@japa/runner'
import { readdirSync } from 'node:fs'
import { spawn } from 'node:child_process'
import mysql from 'mysql2/promise'
import { connection } from '#config/database'
import env from '#start/env'
import { migrationLockName } from '#database/migration_lock'
import { childProcessEnv } from '#tests/helpers/child_processes'

/** Every migration the sources hold. */
const migrationCount = readdirSync(new URL('../../database/migrations/', import.meta.url)).length

type Run = { code: number | null; output: string; finishedAt: number }

/** `node ace.js db:prepare` from the sources against `database`; resolves when it exits. */
function prepare(database: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['ace.js', 'db:prepare'], {
      env: childProcessEnv(`prepare-${database}`, { DB_DATABASE: database, LOG_LEVEL: 'warn' }),
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output, finishedAt: Date.now() }))
  })
}

/** A session of its own holding `name` (as another migrator would) until `release()` is called. */
async function holdLock(name: string) {
  const session = await mysql.createConnection(connection)
  const [rows] = await session.query<mysql.RowDataPacket[]>('SELECT GET_LOCK(?, 5) AS acquired', [name])
  if (rows[0]?.acquired !== 1) throw new Error(`could not take ${name}`)
  return {
    release: async () => {
      await session.query('SELECT RELEASE_LOCK(?)', [name])
      await session.end()
    },
  }
}

async function lockIsFree(name: string) {
  const session = await mysql.createConnection(connection)
  try {
    const [rows] = await session.query<mysql.RowDataPacket[]>('SELECT IS_FREE_LOCK(?) AS free', [name])
    return rows[0]?.free === 1
  } finally {
    await session.end()
  }
}

/** Whether some session is blocked in GET_LOCK(name). */
async function waitingFor(name: string) {
  const session = await mysql.createConnection(connection)
  try {
    const [rows] = await session.query<mysql.RowDataPacket[]>(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT GET_LOCK(%' AND INFO LIKE ?",
      [`%${name}%`]
    )
    return Number(rows[0].n) > 0
  } finally {
    await session.end()
  }
}

async function dropDatabases(...names: string[]) {
  const session = await mysql.createConnection(connection)
  try {
    for (const name of names) await session.query(`DROP DATABASE IF EXISTS \`${name}\``)
  } finally {
    await session.end()
  }
}

async function appliedMigrations(database: string) {
  const session = await mysql.createConnection({ ...connection, database })
  try {
    const [rows] = await session.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM adonis_schema')
    return Number(rows[0].n)
  } finally {
    await session.end()
  }
}

test.group('db:prepare takes turns per database', (group) => {
  const base = `${env.get('DB_DATABASE')}_lock`
  const [first, second] = [`${base}_a`, `${base}_b`]
  group.each.setup(() => dropDatabases(first, second))
  group.teardown(() => dropDatabases(first, second))

  test('two databases of one server migrate at once, even while Lucid’s shared key is held elsewhere', async ({ assert }) => {
    // Another product on the same server migrating with Lucid's own lock holds GET_LOCK('1').
    const otherProduct = await holdLock('1')
    try {
      const runs = await Promise.all([prepare(first), prepare(second)])
      for (const run of runs) assert.equal(run.code, 0, run.output)
    } finally {
      await otherProduct.release()
    }
    const [a, b] = [await appliedMigrations(first), await appliedMigrations(second)]
    assert.equal(a, migrationCount)
    assert.equal(b, migrationCount)
    assert.isTrue(await lockIsFree(migrationLockName(first)), 'the lock is released on the session that took it')
    assert.isTrue(await lockIsFree(migrationLockName(second)))
  }).timeout(180_000)

  test('two on one database: the second waits for the first and finds nothing left to do', async ({ assert }) => {
    const runs = await Promise.all([prepare(first), prepare(first)])
    for (const run of runs) assert.equal(run.code, 0, run.output)
    assert.notMatch(runs.map((run) => run.output).join('\n'), /unable to (acquire|release)/i)
    assert.isTrue(await lockIsFree(migrationLockName(first)))
  }).timeout(180_000)

  test('a migration waits while its database’s lock is held, then runs', async ({ assert }) => {
    const name = migrationLockName(first)
    const held = await holdLock(name)
    let finished = false
    const run = prepare(first).then((result) => ((finished = true), result))
    try {
      // Whichever comes first: db:prepare finishes, or its session is seen waiting for the database's lock.
      while (!finished && !(await waitingFor(name))) await new Promise((resolve) => setTimeout(resolve, 100))
      assert.isFalse(finished, 'db:prepare ran while another migration of the same database held its lock')
      assert.equal(await appliedMigrations(first).catch(() => 0), 0, 'nothing migrated while waiting')
    } finally {
      await held.release()
    }
    const result = await run
    assert.equal(result.code, 0, result.output)
    assert.equal(await appliedMigrations(first), migrationCount)
  }).timeout(180_000)
})

test('long database names still give a lock name MySQL accepts', ({ assert }) => {
  assert.equal(migrationLockName('reviewroute'), 'reviewroute:migrate:reviewroute')
  const long = migrationLockName('x'.repeat(64))
  assert.isAtMost(long.length, 64)
  assert.notEqual(long, migrationLockName('y'.repeat(64)))
})
