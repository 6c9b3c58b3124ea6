#!/usr/bin/env node
/*
 * Analytics at scale (docs/capacity.md): 100,000 businesses (BENCH_SCALE_BUSINESSES) in 20,000 workspaces, one of them
 * with 10,000,000 ratings over 3 years (BENCH_SCALE_SESSIONS, BENCH_SCALE_DAYS) and every other with 10
 * (BENCH_SCALE_OTHER), rolled up as the nightly job leaves them (scale-seed.mjs). Then, through the production build's
 * HTTP server, BENCH_SCALE_CALLS (20) sequential calls after 2 warm-ups of each of the owner's analytics calls
 * (GET /api/analytics/{id}, …/daily for 30 and 366 days, /api/analytics/range for the business over 30 and 366 days
 * and for all 5 of the owner's, /api/overview), both lists of the business (first 10) and the operator console's
 * businesses list (first page, and searched for the big business); median, p95 and range of each against the
 * ≤ 50 ms median target. BENCH_SCALE_ONLY (a pattern) picks calls; BENCH_SCALE_RAW_CALLS (0) also times the two
 * analytics calls with the rollup watermark cleared (every count from the raw rows: seconds each).
 *
 * Own database (reviewroute_bench_scale), kept between runs: seeded by MariaDB itself (INSERT … SELECT over the
 * SEQUENCE engine, 4-7 minutes on 2 shared cores) only when it was seeded for other settings (bench_scale_shape);
 * BENCH_SCALE_RESEED=true forces it. New migrations apply to the kept data (db:prepare, timed). Own API port
 * (BENCH_SCALE_PORT=3385) and Redis (BENCH_REDIS_PORT=6391, stopped at the end).
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { ace, ensureBackendBuild, mysqlConnection, ownApiEnv, request, resetDatabase } from '../lib/compiled-api.mjs'
import { benchOwnerToken, percentile, prng, starsOf, startOwnApi } from '../lib/bench.mjs'
import { generate } from 'otplib'
import { FEEDBACK, fillRollups, seedScale, shapeOf } from './scale-seed.mjs'

export const TARGET_MEDIAN_MS = 50
const DATABASE = 'reviewroute_bench_scale'
const SHORT_URL = 'bench-scale'
const OWNER = { email: 'bench-scale-owner@example.test', password: 'bench-scale-password' }
const OPERATOR = { email: 'bench-scale-operator@example.test', password: 'bench-scale-operator-password' }
const DAY_MS = 86_400_000
const IST_OFFSET_MS = 330 * 60_000

const settings = () => ({
  sessions: Number(process.env.BENCH_SCALE_SESSIONS ?? 10_000_000),
  days: Number(process.env.BENCH_SCALE_DAYS ?? 1095),
  businesses: Number(process.env.BENCH_SCALE_BUSINESSES ?? 100_000),
  other: Number(process.env.BENCH_SCALE_OTHER ?? 10),
  batch: Number(process.env.BENCH_SCALE_BATCH ?? 8000),
  calls: Number(process.env.BENCH_SCALE_CALLS ?? 20),
  rawCalls: Number(process.env.BENCH_SCALE_RAW_CALLS ?? 0),
  port: Number(process.env.BENCH_SCALE_PORT ?? 3385),
  redisPort: Number(process.env.BENCH_REDIS_PORT ?? 6391),
  reseed: process.env.BENCH_SCALE_RESEED === 'true',
})

const istDay = (ms) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10)

/** One session row as the columns of review_sessions (see the INSERT below). */
function sessionRow(random, businessId, createdMs, fingerprints) {
  const stars = starsOf(random())
  const low = stars <= 3
  const withFeedback = low && random() < 0.45
  const feedback = withFeedback ? FEEDBACK[Math.floor(random() * FEEDBACK.length)] : null
  const resolved = withFeedback && random() < 0.3 ? new Date(createdMs + 3_600_000 * (1 + Math.floor(random() * 48))) : null
  return [
    businessId,
    stars,
    feedback,
    stars >= 4 ? 1 : 0,
    resolved,
    fingerprints[Math.floor(random() * fingerprints.length)],
    new Date(createdMs),
    withFeedback ? new Date(createdMs + 60_000) : null,
  ]
}

const INSERT_SESSIONS =
  'INSERT INTO review_sessions (business_id, rating, feedback, redirected, resolved_at, client_fingerprint, created_at, alerted_at) VALUES ?'

/** Inserts `count` sessions spread evenly (with jitter) over [fromMs, toMs), oldest first; returns views per IST day. */
export async function insertSessions(db, businessId, count, fromMs, toMs, batch, seed, onProgress) {
  const random = prng(seed)
  const fingerprints = Array.from({ length: 20_000 }, (_, i) => createHash('sha256').update(`client-${seed}-${i}`).digest('hex'))
  const perDay = new Map()
  const span = toMs - fromMs
  for (let start = 0; start < count; start += batch) {
    const rows = []
    for (let k = start; k < Math.min(count, start + batch); k++) {
      const createdMs = Math.floor(fromMs + (span * (k + random())) / count)
      rows.push(sessionRow(random, businessId, createdMs, fingerprints))
      const day = istDay(createdMs)
      perDay.set(day, (perDay.get(day) ?? 0) + 1)
    }
    await db.query(INSERT_SESSIONS, [rows])
    onProgress?.(Math.min(count, start + batch))
  }
  return perDay
}

/** Customer-page views: about 1.7 visits per rating, per IST day. */
export async function upsertPageViews(db, businessId, perDay, seed) {
  const random = prng(seed)
  const rows = [...perDay].map(([day, sessions]) => [businessId, day, Math.round(sessions * (1.5 + random() * 0.4))])
  for (let i = 0; i < rows.length; i += 1000) {
    await db.query('INSERT INTO page_views_daily (business_id, day, views) VALUES ? ON DUPLICATE KEY UPDATE views = VALUES(views)', [
      rows.slice(i, i + 1000),
    ])
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The operator (role set in the database, TOTP enrolled and activated through the API on each run): a verified token. */
async function operatorToken(base, db) {
  const login = async () => (await request(base, 'POST', '/api/auth/login', { body: OPERATOR })).json?.token
  if (!(await login())) {
    const registered = await request(base, 'POST', '/api/auth/register', {
      body: { ...OPERATOR, firstName: 'Scale', lastName: 'Operator' },
    })
    if (registered.status !== 201) throw new Error(`bench operator: register ${registered.status} ${registered.text}`)
  }
  await db.query(
    "UPDATE users SET role = 'operator', totp_secret_encrypted = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE email = ?",
    [OPERATOR.email]
  )
  const token = await login()
  const enrolled = await request(base, 'POST', '/api/admin/2fa/enroll', { token })
  if (enrolled.status !== 200) throw new Error(`bench operator: enroll ${enrolled.status} ${enrolled.text}`)
  const code = await generate({ secret: enrolled.json.secret })
  const activated = await request(base, 'POST', '/api/admin/2fa/activate', { token, body: { code } })
  if (activated.status !== 200) throw new Error(`bench operator: activate ${activated.status} ${activated.text}`)
  return token
}

/** Median, p95 and range of `calls` sequential calls after `warmups` warm-up calls; every answer must be 200. */
async function timeCalls(base, path, token, calls, warmups = 2) {
  for (let i = 0; i < warmups; i++) await request(base, 'GET', path, { token, timeoutMs: 300_000 })
  const times = []
  for (let i = 0; i < calls; i++) {
    const response = await request(base, 'GET', path, { token, timeoutMs: 300_000 })
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text.slice(0, 300)}`)
    times.push(response.ms)
  }
  return {
    median: median(times),
    p95: percentile(
      [...times].sort((a, b) => a - b),
      95
    ),
    min: Math.min(...times),
    max: Math.max(...times),
    calls,
  }
}

/** The shape the database was seeded for (bench_scale_shape), or null when it was not (or not completely). */
async function seededShape(admin) {
  const [[table]] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
    DATABASE,
    'bench_scale_shape',
  ])
  if (Number(table.n) === 0) return null
  const [[row]] = await admin.query(`SELECT shape FROM \`${DATABASE}\`.bench_scale_shape LIMIT 1`)
  return row?.shape ?? null
}

export async function run({ log = (line) => console.error(`[analytics-scale] ${line}`) } = {}) {
  const s = settings()
  ensureBackendBuild()
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: DATABASE,
    redisPort: s.redisPort,
    queuePrefix: 'rr-bench-scale',
    mailPrefix: 'rr-bench-mail-',
  })
  const notes = []

  // Keep the seeded database when it was seeded for these settings; otherwise start it over.
  const admin = await mysqlConnection(undefined)
  let shape
  try {
    shape = await seededShape(admin)
  } finally {
    await admin.end()
  }
  const seeded = shape === shapeOf(s) && !s.reseed
  if (seeded) {
    log(`reusing the seeded ${DATABASE} (${shape})`)
    const started = Date.now()
    ace(['db:prepare'], env) // new migrations (an index) still apply
    notes.push(`db:prepare (new migrations on the seeded data) took ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } else {
    log(`preparing ${DATABASE} from scratch`)
    await resetDatabase(DATABASE, env)
  }

  const { db, stop } = await startOwnApi({ env, base, mailDir })
  let watermark
  try {
    const token = await benchOwnerToken(base, OWNER, { firstName: 'Scale', lastName: 'Bench' })
    const [[user]] = await db.query('SELECT id, password FROM users WHERE email = ?', [OWNER.email])

    if (!seeded) {
      const started = Date.now()
      const toMs = Date.now() - 3_600_000
      await seedScale(db, { ownerId: user.id, passwordHash: user.password, settings: s, toMs, log })
      const rollupStarted = Date.now()
      await fillRollups(db, istDay(Date.now() - DAY_MS))
      log(`rollups: ${((Date.now() - rollupStarted) / 1000).toFixed(1)} s`)
      await db.query('CREATE TABLE bench_scale_shape (shape VARCHAR(255) NOT NULL)')
      await db.query('INSERT INTO bench_scale_shape (shape) VALUES (?)', [shapeOf(s)])
      const seconds = (Date.now() - started) / 1000
      log(`seeded in ${seconds.toFixed(0)} s`)
      notes.push(
        `seeding ${s.businesses.toLocaleString('en-IN')} businesses and ${s.sessions.toLocaleString('en-IN')} + ${(s.other * (s.businesses - 1)).toLocaleString('en-IN')} ratings with their rollups took ${seconds.toFixed(0)} s (once; later runs reuse them)`
      )
    }
    const [[business]] = await db.query('SELECT id FROM businesses WHERE short_url = ?', [SHORT_URL])

    // Today always has live rows (read raw, after the watermark): top today up to ~300 sessions.
    const todayStartMs = Date.parse(`${istDay(Date.now())}T00:00:00Z`) - IST_OFFSET_MS
    const [[today]] = await db.query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ? AND created_at >= ?', [
      business.id,
      new Date(todayStartMs),
    ])
    if (Number(today.n) < 300 && Date.now() - todayStartMs > 60_000) {
      const perDay = await insertSessions(db, business.id, 300 - Number(today.n), todayStartMs, Date.now(), s.batch, Date.now() % 100_000)
      await upsertPageViews(db, business.id, perDay, 11)
    }

    // The nightly job's catch-up since the last run (on a fresh seed: nothing, the watermark is at yesterday).
    const rollupStarted = Date.now()
    ace(['analytics:rollup'], env)
    const rollupSeconds = (Date.now() - rollupStarted) / 1000
    notes.push(`analytics:rollup took ${rollupSeconds.toFixed(1)} s (catching up since the last run's watermark)`)
    const [[state]] = await db.query('SELECT rolled_through FROM analytics_rollup_state WHERE id = 1')
    watermark = state?.rolled_through ?? null

    const [[total]] = await db.query('SELECT SUM(sessions) AS n FROM analytics_daily WHERE business_id = ?', [business.id])
    const [[businesses]] = await db.query('SELECT COUNT(*) AS n FROM businesses')
    const operator = await operatorToken(base, db)
    const id = business.id
    const todayIst = istDay(Date.now())
    const yearAgo = istDay(Date.now() - 365 * DAY_MS)
    const calls = [
      ['GET /api/analytics/{id}', `/api/analytics/${id}`, token],
      ['GET /api/analytics/{id}/daily?days=30', `/api/analytics/${id}/daily?days=30`, token],
      ['GET /api/analytics/{id}/daily?days=366', `/api/analytics/${id}/daily?days=366`, token],
      ['GET /api/analytics/range (business, 30 days)', `/api/analytics/range?businessId=${id}`, token],
      ['GET /api/analytics/range (business, 366 days)', `/api/analytics/range?businessId=${id}&from=${yearAgo}&to=${todayIst}`, token],
      ['GET /api/analytics/range (all 5, 30 days)', `/api/analytics/range`, token],
      ['GET /api/overview (owner of 5)', `/api/overview`, token],
      ['GET /api/review-sessions (first 10)', `/api/review-sessions?businessId=${id}&_start=0&_end=10`, token],
      ['GET /api/feedbacks (first 10)', `/api/feedbacks?businessId=${id}&_start=0&_end=10`, token],
      ['GET /api/admin/businesses (first 25)', `/api/admin/businesses?_start=0&_end=25`, operator],
      ['GET /api/admin/businesses?q=bench-scale', `/api/admin/businesses?q=bench-scale&_start=0&_end=25`, operator],
    ]
    const only = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY) : null
    const rows = []
    for (const [name, path, bearer] of calls) {
      if (only && !only.test(name)) continue
      const timing = await timeCalls(base, path, bearer, s.calls)
      log(`${name}: median ${timing.median.toFixed(1)} ms`)
      rows.push({ name, ...timing, target: `≤ ${TARGET_MEDIAN_MS} ms`, verdict: timing.median <= TARGET_MEDIAN_MS ? 'ok' : 'MISS' })
    }

    // The same analytics without rollups (BENCH_SCALE_RAW_CALLS, default 0: at 10M ratings each call counts them all).
    if (s.rawCalls > 0) {
      await db.query('UPDATE analytics_rollup_state SET rolled_through = NULL WHERE id = 1')
      try {
        for (const [name, path] of [calls[0], calls[1]]) {
          const timing = await timeCalls(base, path, token, s.rawCalls, 0)
          rows.push({ name: `${name} WITHOUT rollups`, ...timing, target: 'comparison', verdict: '' })
        }
      } finally {
        await db.query('UPDATE analytics_rollup_state SET rolled_through = ? WHERE id = 1', [watermark])
      }
    }

    return { settings: s, sessions: Number(total.n), businesses: Number(businesses.n), watermark, rows, notes }
  } finally {
    await stop()
  }
}

export function format({ sessions, businesses, settings: s, watermark, rows, notes }) {
  const lines = [
    `Dashboard calls on one business with ${sessions.toLocaleString('en-IN')} rolled-up ratings over ${s.days} days among ${businesses.toLocaleString('en-IN')} businesses (rolled up through ${watermark}); sequential calls`,
    `${'call'.padEnd(48)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'range ms'.padStart(16)} ${'calls'.padStart(5)} ${'÷ 50 ms'.padStart(8)}   target`,
  ]
  for (const r of rows) {
    const range = `${r.min.toFixed(1)}-${r.max.toFixed(1)}`
    lines.push(
      `${r.name.padEnd(48)} ${r.median.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${range.padStart(16)} ${String(r.calls).padStart(5)} ${(r.median / TARGET_MEDIAN_MS).toFixed(2).padStart(8)}   ${r.target} ${r.verdict}`
    )
  }
  for (const note of notes) lines.push(`(${note})`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run()
  console.log(`\n${format(result)}`)
}
