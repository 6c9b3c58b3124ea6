/*
 * Shared by the benchmarks (scripts/bench) and the fault tests (scripts/faults): runs the compiled API and
 * worker (backend/build) as child processes on their own database, Redis port, queue prefix and HTTP port,
 * builds the backend when it is missing or older than its sources, and talks to the API over loopback only.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildWorkspaces, root, staleWorkspaces } from './builds.mjs'
import { linkInMail } from './mail-files.mjs'
import { setTimeout as sleep } from 'node:timers/promises'

export { root }
export const backend = join(root, 'backend')
export const built = join(backend, 'build')

/** Builds backend/build (npm run build --workspace backend) when it is missing or older than its sources. */
export function ensureBackendBuild({ quiet = false } = {}) {
  if (!staleWorkspaces(['backend']).length) return false
  if (!quiet) console.error('[compiled-api] building the backend (backend/build is missing or stale)')
  if (buildWorkspaces(['backend'], { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) {
    throw new Error('backend build failed (npm run build --workspace backend)')
  }
  return true
}

/** Settings every compiled process of a bench or fault run shares (production mode, own DB, own queues). */
export function apiEnv(overrides = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ ?? 'UTC',
    NODE_ENV: 'production',
    APP_KEY: 'local-bench-and-fault-key-not-a-secret-0123456789',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DB_HOST: '127.0.0.1',
    DB_PORT: '3306',
    DB_USER: process.env.DB_USER ?? 'root',
    DB_PASSWORD: process.env.DB_PASSWORD ?? '',
    REDIS_HOST: '127.0.0.1',
    GOOGLE_PLACES_API_KEY: '',
    TEST_CLOCK: 'false',
    ...overrides,
  }
}

/**
 * Runs a one-off ace command of the build (db:prepare, analytics:rollup); throws with its output on failure.
 * `cwd`: another checkout's backend/build (the before/after bench), else this one's.
 */
export function ace(args, env, cwd = built) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], { cwd, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`ace ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** A compiled child process whose output is kept (the last 64 kB) for failure messages. */
export function startNode(args, env, { name = args.join(' '), cwd = built } = {}) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-64_000)
    if (process.env.FAULTS_VERBOSE || process.env.BENCH_VERBOSE) process.stderr.write(`[${name}] ${chunk}`)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return {
    child,
    name,
    exited,
    output: () => output,
    /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

export const startApi = (env, cwd = built) => startNode(['bin/server.js'], env, { name: 'api', cwd })
export const startWorker = (env) => startNode(['ace.js', 'queue:work'], env, { name: 'worker' })

/** fetch with a hard timeout; never throws for HTTP statuses. `status: 0` means no answer (refused, timeout). */
export async function request(base, method, path, { token, body, timeoutMs = 10_000, headers = {} } = {}) {
  const started = performance.now()
  try {
    const response = await fetch(base + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    let json = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, json, text, ms: performance.now() - started, headers: response.headers }
  } catch (error) {
    return { status: 0, json: null, text: String(error?.message ?? error), ms: performance.now() - started, error }
  }
}

/** Waits until GET /api/health answers at all (any status) or the process exits. */
export async function waitForApi(base, proc, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output()}`)
    const health = await request(base, 'GET', '/api/health', { timeoutMs: 3000 })
    if (health.status) return health
    await sleep(200)
  }
  throw new Error(`API at ${base} did not answer within ${timeoutMs} ms:\n${proc?.output() ?? ''}`)
}

/** Polls `check` (async, truthy = done) every `everyMs` until `timeoutMs`; returns the last value. */
export async function until(check, { timeoutMs = 10_000, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs
  let value
  while (Date.now() < deadline) {
    value = await check()
    if (value) return value
    await sleep(everyMs)
  }
  return value
}

/** A throwaway redis-server without persistence on `port` (loopback). */
export async function startRedis(port) {
  const result = spawnSync(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
    { encoding: 'utf8' }
  )
  if (result.status !== 0) throw new Error(`redis-server on ${port} did not start: ${result.stderr || result.stdout}`)
  const up = await until(() => redisCli(port, 'ping') === 'PONG', { timeoutMs: 5000, everyMs: 100 })
  if (!up) throw new Error(`redis-server on ${port} does not answer`)
}

export function redisCli(port, ...args) {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8', timeout: 5000 })
  return (result.stdout ?? '').trim()
}

/** Our own throwaway redis-server on `port`, started afresh: a leftover of an interrupted run, if any, is shut down first. */
export async function freshRedis(port) {
  redisCli(port, 'shutdown', 'nosave')
  await startRedis(port)
}

/** Stops our own redis-server on `port` (never the shared one on 6379); resolves once it no longer answers. */
export async function stopRedis(port) {
  if (Number(port) === 6379) throw new Error('refusing to stop the shared Redis')
  redisCli(port, 'shutdown', 'nosave')
  await until(() => redisCli(port, 'ping') !== 'PONG', { timeoutMs: 5000, everyMs: 50 })
}

/** Registers an owner (7-day trial: no plan limits) and adds the first demo-catalogue place as their business. */
export async function ownerWithBusiness(
  base,
  { email = `owner-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`, query = 'cafe', mailDir = null } = {}
) {
  const registered = await request(base, 'POST', '/api/auth/register', {
    body: { email, password: 'bench-and-faults-password', firstName: 'Load', lastName: 'Test' },
  })
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`)
  const { token } = registered.json
  // With the API's mail folder at hand, the address is verified from its mail (alerts need a verified one).
  if (mailDir) {
    const link = await until(() => linkInMail(mailDir, 'verify-email', email, '/auth/verify'), { timeoutMs: 10_000 })
    if (!link) throw new Error(`no verification mail for ${email} in ${mailDir}`)
    const verified = await request(base, 'POST', '/api/auth/verify-email', { body: { token: new URL(link).searchParams.get('token') } })
    if (verified.status !== 200) throw new Error(`verify-email: ${verified.status} ${verified.text}`)
  }
  const search = await request(base, 'POST', '/api/search-business', { token, body: { query } })
  const placeId = search.json?.places?.[0]?.place_id
  if (!placeId) throw new Error(`search-business: ${search.status} ${search.text}`)
  const selected = await request(base, 'POST', '/api/select-business', { token, body: { placeId } })
  if (selected.status !== 201 && selected.status !== 200) throw new Error(`select-business: ${selected.status} ${selected.text}`)
  return { token, email, business: selected.json.business }
}

/**
 * A bench's or fault test's settings on its own API port, database, Redis and queue prefix, with a fresh mail
 * folder (named from `mailPrefix`) and `overrides`: {env, base, mailDir}. clearOwnApiEnv ends them.
 */
export function ownApiEnv({ port, database, redisPort, queuePrefix, mailPrefix, ...overrides }) {
  const mailDir = mkdtempSync(join(tmpdir(), mailPrefix))
  const env = apiEnv({
    PORT: String(port),
    DB_DATABASE: database,
    REDIS_PORT: String(redisPort),
    QUEUE_PREFIX: queuePrefix,
    ...overrides,
    MAIL_DIR: mailDir,
  })
  return { env, base: `http://127.0.0.1:${port}`, mailDir }
}

/** The end of an ownApiEnv run: its own Redis stopped and its mail folder removed. */
export async function clearOwnApiEnv({ redisPort, mailDir }) {
  await stopRedis(redisPort)
  rmSync(mailDir, { recursive: true, force: true })
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight; returns the results in order. */
export async function pool(count, concurrency, task) {
  const results = new Array(count)
  let next = 0
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const i = next++
      results[i] = await task(i)
    }
  })
  await Promise.all(lanes)
  return results
}

/** A mysql2/promise connection to the given database (loopback MariaDB, root by default). */
export async function mysqlConnection(database, port = 3306) {
  const mysql = (await import('mysql2/promise')).default
  return mysql.createConnection({
    host: '127.0.0.1',
    port,
    user: process.env.DB_USER ?? 'root',
    password: process.env.DB_PASSWORD ?? '',
    database,
    timezone: 'Z',
    // DATE columns (IST days) as 'YYYY-MM-DD' strings, as the backend reads them.
    dateStrings: ['DATE'],
    multipleStatements: false,
  })
}

/** Our own throwaway databases only: their names start with one of these. */
const OWN_DATABASES = /^reviewroute_(bench|faults|replicas)[a-z0-9_]*$/

/** Drops and recreates one of our own databases, then migrates and seeds it with the build's db:prepare. */
export async function resetDatabase(name, env, cwd = built) {
  if (!OWN_DATABASES.test(name)) throw new Error(`refusing to reset ${name}: not a bench/faults/replicas database`)
  const admin = await mysqlConnection(undefined)
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
  } finally {
    await admin.end()
  }
  ace(['db:prepare'], { ...env, DB_DATABASE: name, DB_PORT: '3306' }, cwd)
}
