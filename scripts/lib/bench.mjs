/*
 * What the benches share: a deterministic data set's random numbers and star mix, the bench owner, the statistics
 * they print, and the development API the front-end benches measure against.
 */
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './builds.mjs'
import { built, clearOwnApiEnv, freshRedis, mysqlConnection, request, resetDatabase, startApi, waitForApi } from './compiled-api.mjs'

/** A small deterministic PRNG (mulberry32): the same seed gives the same data set on every machine. */
export function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Stars for a random number in [0, 1): 5 55%, 4 20%, 3 10%, 2 7%, 1 8%. */
export function starsOf(r) {
  if (r < 0.55) return 5
  if (r < 0.75) return 4
  if (r < 0.85) return 3
  if (r < 0.92) return 2
  return 1
}

/** The bench's owner (registered through the API the first time with `names`, signed in after) and their token. */
export async function benchOwnerToken(base, owner, names) {
  const login = await request(base, 'POST', '/api/auth/login', { body: owner })
  if (login.status === 200) return login.json.token
  const registered = await request(base, 'POST', '/api/auth/register', { body: { ...owner, ...names } })
  if (registered.status !== 201) throw new Error(`bench owner: login ${login.status}, register ${registered.status} ${registered.text}`)
  return registered.json.token
}

/** The p-th percentile (nearest rank) of values sorted ascending. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** The median (of an even count, the mean of the middle two). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** One preparation step of a bench (its output hidden, its errors shown); throws when it fails. */
export function step(label, command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${label} failed`)
}

/**
 * The backend from its sources (development mode, on the development database) on `port`, once GET /api/health
 * answers at all: {server, base}. Stop it with server.kill('SIGTERM').
 */
export async function startDevApi(port) {
  const server = spawn(process.execPath, ['--import', 'ts-node-maintained/register/esm', 'bin/server.js'], {
    cwd: join(root, 'backend'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'development' },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).status < 600) break
      } catch {}
      if (i > 100) throw new Error('API did not start')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } catch (error) {
    server.kill('SIGTERM')
    throw error
  }
  return { server, base }
}

/**
 * Resets the bench's database (env.DB_DATABASE) and starts the compiled API of `cwd`'s build on it; answers the
 * API once its health answers 200 (stopped again when it does not).
 */
export async function startHealthyApi(base, env, cwd = built) {
  await resetDatabase(env.DB_DATABASE, env, cwd)
  const api = startApi(env, cwd)
  try {
    const health = await waitForApi(base, api)
    if (health.status !== 200) throw new Error(`API not healthy: ${health.text}`)
    return api
  } catch (error) {
    await api.stop()
    throw error
  }
}

/**
 * A bench run on its prepared database (ownApiEnv's `env`): its own Redis afresh, the compiled API and a connection
 * to the database; answers {api, db, stop} once the API answers. stop() closes the connection, stops the API and
 * ends the run (clearOwnApiEnv); it also runs when the API never answers.
 */
export async function startOwnApi({ env, base, mailDir }) {
  const redisPort = Number(env.REDIS_PORT)
  await freshRedis(redisPort)
  const api = startApi(env)
  const db = await mysqlConnection(env.DB_DATABASE)
  const stop = async () => {
    await db.end()
    await api.stop()
    await clearOwnApiEnv({ redisPort, mailDir })
  }
  try {
    await waitForApi(base, api)
  } catch (error) {
    await stop()
    throw error
  }
  return { api, db, stop }
}
