#!/usr/bin/env node
/*
 * The owner's dashboard calls on a big business: one business with 1,000,000 review sessions over 2 years
 * (BENCH_SCALE_SESSIONS), rolled up, then the median of BENCH_SCALE_CALLS (20) calls of each of
 *   GET /api/analytics/{id}, GET /api/review-sessions?businessId=…&_start=0&_end=10,
 *   GET /api/feedbacks?businessId=…&_start=0&_end=10, GET /api/analytics/{id}/daily?days=30
 * against the production build; target ≤ 50 ms median. For comparison, the two analytics calls again with
 * the rollup watermark cleared (every count read from the raw sessions), then the watermark is put back.
 *
 * Own database (reviewroute_bench_scale), kept between runs: seeding (batched multi-row INSERTs with mysql2)
 * happens only when the business does not hold the full set yet; BENCH_SCALE_RESEED=true forces it. Own API
 * port (BENCH_SCALE_PORT=3385) and Redis (BENCH_REDIS_PORT=6391, stopped at the end).
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ace,
  apiEnv,
  ensureBackendBuild,
  mysqlConnection,
  redisCli,
  request,
  resetDatabase,
  startApi,
  startRedis,
  stopRedis,
  waitForApi,
} from '../lib/compiled-api.mjs'

export const TARGET_MEDIAN_MS = 50
const DATABASE = 'reviewroute_bench_scale'
const SHORT_URL = 'bench-scale'
const OWNER = { email: 'bench-scale-owner@example.test', password: 'bench-scale-password' }
const DAY_MS = 86_400_000
const IST_OFFSET_MS = 330 * 60_000

const settings = () => ({
  sessions: Number(process.env.BENCH_SCALE_SESSIONS ?? 1_000_000),
  days: Number(process.env.BENCH_SCALE_DAYS ?? 730),
  batch: Number(process.env.BENCH_SCALE_BATCH ?? 8000),
  calls: Number(process.env.BENCH_SCALE_CALLS ?? 20),
  rawCalls: Number(process.env.BENCH_SCALE_RAW_CALLS ?? 5),
  port: Number(process.env.BENCH_SCALE_PORT ?? 3385),
  redisPort: Number(process.env.BENCH_REDIS_PORT ?? 6391),
  reseed: process.env.BENCH_SCALE_RESEED === 'true',
})

/** A small deterministic PRNG (mulberry32): the same seed gives the same data set on every machine. */
function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FEEDBACK = [
  'Had to wait 25 minutes for a table.',
  'Service was slow on a weekday afternoon.',
  'Staff was a bit rude at the counter.',
  'The food was cold when it arrived.',
  'Quality has dropped since last year.',
  'Tables were not clean.',
  'Washroom was dirty.',
  'Too expensive for the portion size.',
  'Prices went up again, not worth it.',
  'Parking was a problem.',
  'Music was too loud to talk.',
  'Order was wrong and nobody apologised.',
]

/** Rating 5 55%, 4 20%, 3 10%, 2 7%, 1 8%. */
function rating(r) {
  if (r < 0.55) return 5
  if (r < 0.75) return 4
  if (r < 0.85) return 3
  if (r < 0.92) return 2
  return 1
}

const istDay = (ms) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10)

/** One session row as the columns of review_sessions (see the INSERT below). */
function sessionRow(random, businessId, createdMs, fingerprints) {
  const stars = rating(random())
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

/** The owner (registered through the API the first time, signed in after) and their token. */
async function ownerToken(base) {
  const login = await request(base, 'POST', '/api/auth/login', { body: OWNER })
  if (login.status === 200) return login.json.token
  const registered = await request(base, 'POST', '/api/auth/register', { body: { ...OWNER, firstName: 'Scale', lastName: 'Bench' } })
  if (registered.status !== 201) throw new Error(`bench owner: login ${login.status}, register ${registered.status} ${registered.text}`)
  return registered.json.token
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Median and slowest of `calls` sequential calls after 2 warm-up calls; every answer must be 200. */
async function timeCalls(base, path, token, calls) {
  for (let i = 0; i < 2; i++) await request(base, 'GET', path, { token, timeoutMs: 60_000 })
  const times = []
  for (let i = 0; i < calls; i++) {
    const response = await request(base, 'GET', path, { token, timeoutMs: 60_000 })
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text.slice(0, 300)}`)
    times.push(response.ms)
  }
  return { median: median(times), max: Math.max(...times), calls }
}

export async function run({ log = (line) => console.error(`[analytics-scale] ${line}`) } = {}) {
  const s = settings()
  ensureBackendBuild()
  const mailDir = mkdtempSync(join(tmpdir(), 'rr-bench-mail-'))
  const env = apiEnv({
    PORT: String(s.port),
    DB_DATABASE: DATABASE,
    REDIS_PORT: String(s.redisPort),
    QUEUE_PREFIX: 'rr-bench-scale',
    MAIL_DIR: mailDir,
  })
  const base = `http://127.0.0.1:${s.port}`
  const notes = []

  // Keep the seeded database when it holds the full set; otherwise start it over.
  const admin = await mysqlConnection(undefined)
  let existing = 0
  try {
    const [[schema]] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
      DATABASE,
      'review_sessions',
    ])
    if (Number(schema.n) > 0) {
      const [[row]] = await admin.query(
        `SELECT COUNT(*) AS n FROM \`${DATABASE}\`.review_sessions WHERE business_id = (SELECT id FROM \`${DATABASE}\`.businesses WHERE short_url = ?)`,
        [SHORT_URL]
      )
      existing = Number(row.n)
    }
  } finally {
    await admin.end()
  }
  const seeded = existing >= s.sessions && !s.reseed
  if (seeded) {
    log(`reusing ${existing} sessions in ${DATABASE}`)
    ace(['db:prepare'], env) // new migrations (an index) still apply
  } else {
    log(`preparing ${DATABASE} from scratch`)
    await resetDatabase(DATABASE, env)
  }

  redisCli(s.redisPort, 'shutdown', 'nosave') // a leftover of an interrupted run, if any
  await startRedis(s.redisPort)
  const api = startApi(env)
  const db = await mysqlConnection(DATABASE)
  let watermark
  try {
    await waitForApi(base, api)
    const token = await ownerToken(base)
    const [[user]] = await db.query('SELECT id FROM users WHERE email = ?', [OWNER.email])

    let [[business]] = await db.query('SELECT id FROM businesses WHERE short_url = ?', [SHORT_URL])
    if (!seeded) {
      const [result] = await db.query(
        'INSERT INTO businesses (user_id, place_id, name, address, rating, review_count, short_url, google_review_url, compliance_mode, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
        [
          user.id,
          'bench-scale-place',
          'Scale Test Cafe',
          '1 MG Road, Bengaluru',
          4.3,
          1200,
          SHORT_URL,
          'https://search.google.com/local/writereview?placeid=bench-scale-place',
          new Date(Date.now() - s.days * DAY_MS),
        ]
      )
      business = { id: result.insertId }
      const started = Date.now()
      const toMs = Date.now() - 3_600_000
      const fromMs = toMs - s.days * DAY_MS
      await db.query('SET foreign_key_checks = 0')
      let lastLog = 0
      const perDay = await insertSessions(db, business.id, s.sessions, fromMs, toMs, s.batch, 20240601, (done) => {
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now()
          log(`seeded ${done} / ${s.sessions} sessions (${Math.round((Date.now() - started) / 1000)} s)`)
        }
      })
      await upsertPageViews(db, business.id, perDay, 7)
      await db.query('SET foreign_key_checks = 1')
      const seconds = (Date.now() - started) / 1000
      log(`seeded ${s.sessions} sessions and ${perDay.size} page-view days in ${seconds.toFixed(0)} s`)
      notes.push(`seeding ${s.sessions} sessions took ${seconds.toFixed(0)} s (once; later runs reuse them)`)
    }

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

    const rollupStarted = Date.now()
    ace(['analytics:rollup'], env)
    const rollupSeconds = (Date.now() - rollupStarted) / 1000
    notes.push(`analytics:rollup took ${rollupSeconds.toFixed(1)} s (catching up since the last run's watermark)`)
    const [[state]] = await db.query('SELECT rolled_through FROM analytics_rollup_state WHERE id = 1')
    watermark = state?.rolled_through ?? null

    const [[total]] = await db.query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [business.id])
    const id = business.id
    const calls = [
      ['GET /api/analytics/{id}', `/api/analytics/${id}`],
      ['GET /api/review-sessions (first 10)', `/api/review-sessions?businessId=${id}&_start=0&_end=10`],
      ['GET /api/feedbacks (first 10)', `/api/feedbacks?businessId=${id}&_start=0&_end=10`],
      ['GET /api/analytics/{id}/daily?days=30', `/api/analytics/${id}/daily?days=30`],
    ]
    const rows = []
    for (const [name, path] of calls) {
      const timing = await timeCalls(base, path, token, s.calls)
      rows.push({ name, ...timing, target: `≤ ${TARGET_MEDIAN_MS} ms`, verdict: timing.median <= TARGET_MEDIAN_MS ? 'ok' : 'MISS' })
    }

    // The same analytics without rollups: clear the watermark, so every count comes from the raw rows.
    await db.query('UPDATE analytics_rollup_state SET rolled_through = NULL WHERE id = 1')
    try {
      for (const [name, path] of [calls[0], calls[3]]) {
        const timing = await timeCalls(base, path, token, s.rawCalls)
        rows.push({ name: `${name} WITHOUT rollups`, ...timing, target: 'comparison', verdict: '' })
      }
    } finally {
      await db.query('UPDATE analytics_rollup_state SET rolled_through = ? WHERE id = 1', [watermark])
    }

    return { settings: s, sessions: Number(total.n), watermark, rows, notes }
  } finally {
    await db.end()
    await api.stop()
    await stopRedis(s.redisPort)
    rmSync(mailDir, { recursive: true, force: true })
  }
}

export function format({ sessions, watermark, rows, notes }) {
  const lines = [
    `Dashboard calls on one business with ${sessions.toLocaleString('en-IN')} sessions over 2 years (rolled up through ${watermark}); sequential calls`,
    `${'call'.padEnd(50)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)} ${'calls'.padStart(6)}   target`,
  ]
  for (const r of rows) {
    lines.push(
      `${r.name.padEnd(50)} ${r.median.toFixed(1).padStart(10)} ${r.max.toFixed(1).padStart(8)} ${String(r.calls).padStart(6)}   ${r.target} ${r.verdict}`
    )
  }
  for (const note of notes) lines.push(`(${note})`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run()
  console.log(`\n${format(result)}`)
}
