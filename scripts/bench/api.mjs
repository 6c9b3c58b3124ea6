#!/usr/bin/env node
/*
 * API throughput of the production build, with autocannon: the customer's two calls (by-url, submit), the
 * owner's analytics, and a bare route answering {} in the same process (GET /api/bench/bare, registered only
 * with BENCH_ROUTES=true) as the reference. One run per endpoint at BENCH_CONNECTIONS (50) connections for
 * BENCH_DURATION seconds (10), after a short warm-up; prints requests/s, p50/p99 latency and each endpoint's
 * ratio to the bare route, next to the targets (by-url ≥ 0.5 of bare, submit ≥ 0.3, p99 < 50 ms).
 *
 * Analytics is measured on a second business of the same owner with a realistic history: BENCH_API_HISTORY
 * (50,000) sessions over two years plus some today, rolled up as the nightly job does. For comparison it is
 * measured again on the first business right after the submit run: tens of thousands of sessions all from
 * today, none rolled up yet, a worst case no real shop reaches (shown as "info", not held to the target).
 * Also shown as "info": analytics with one connection, what a single owner opening the screen waits.
 *
 * Runs its own API (NODE_ENV=production, port BENCH_API_PORT=3380) on its own database (reviewroute_bench_api,
 * recreated each run), its own Redis (port BENCH_REDIS_PORT=6391, no persistence, stopped at the end) and queue
 * prefix, with the per-address rating allowance raised (RATING_IP_LIMIT_PER_MINUTE). autocannon runs in this process on the
 * same machine, so the numbers are for comparing runs here, not a capacity figure.
 */
import { join } from 'node:path'
import autocannon from 'autocannon'
import { insertSessions, upsertPageViews } from './analytics-scale.mjs'
import {
  ace,
  clearOwnApiEnv,
  ensureBackendBuild,
  freshRedis,
  mysqlConnection,
  ownApiEnv,
  ownerWithBusiness,
  request,
} from '../lib/compiled-api.mjs'
import { startHealthyApi } from '../lib/bench.mjs'

export const TARGETS = { byUrlRatio: 0.5, submitRatio: 0.3, p99Ms: 50 }

const settings = () => ({
  port: Number(process.env.BENCH_API_PORT ?? 3380),
  redisPort: Number(process.env.BENCH_REDIS_PORT ?? 6391),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  history: Number(process.env.BENCH_API_HISTORY ?? 50_000),
  database: 'reviewroute_bench_api',
})

/** A realistic rating mix: mostly 5s and 4s; some low ones, half of those with feedback text. */
export const SUBMISSIONS = [
  { rating: 5 },
  { rating: 5 },
  { rating: 5 },
  { rating: 5 },
  { rating: 5 },
  { rating: 4 },
  { rating: 4 },
  { rating: 3, feedback: 'Had to wait a while for the order.' },
  { rating: 2 },
  { rating: 1, feedback: 'Staff was rude at the counter.' },
]

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

const DAY_MS = 86_400_000

/** A second business of the owner with `count` sessions over two years and ~1% of them today, rolled up. */
async function businessWithHistory(base, token, s, env) {
  const search = await request(base, 'POST', '/api/search-business', { token, body: { query: 'restaurant' } })
  const placeId = search.json?.places?.find((place) => place.place_id)?.place_id
  const selected = await request(base, 'POST', '/api/select-business', { token, body: { placeId } })
  if (selected.status !== 201 && selected.status !== 200) throw new Error(`select-business: ${selected.status} ${selected.text}`)
  const business = selected.json.business
  const db = await mysqlConnection(s.database)
  try {
    const now = Date.now()
    const today = Math.ceil(s.history / 100)
    const perDay = await insertSessions(db, business.id, s.history - today, now - 730 * DAY_MS, now - DAY_MS, 8000, 20261122)
    const todayViews = await insertSessions(db, business.id, today, now - 3_600_000, now - 60_000, 8000, 7)
    await upsertPageViews(db, business.id, new Map([...perDay, ...todayViews]), 11)
  } finally {
    await db.end()
  }
  ace(['analytics:rollup'], env)
  return business
}

/** One measured run (after a warm-up with fewer connections) of one endpoint. */
export async function measure(name, base, { connections, duration, warmup }, target) {
  // autocannon takes the path from `url` (or from each entry of `requests`), not from a `path` option.
  const { path, ...rest } = target
  const options = { url: path ? base + path : base, connections, ...rest }
  if (warmup > 0) await cannon({ ...options, connections: Math.min(10, connections), duration: warmup })
  const result = await cannon({ ...options, duration })
  const failed = result.non2xx + result.errors + result.timeouts
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed,
    statusCodes: result.statusCodeStats,
  }
}

export async function run() {
  const s = settings()
  ensureBackendBuild()
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: s.database,
    redisPort: s.redisPort,
    queuePrefix: 'rr-bench-api',
    mailPrefix: 'rr-bench-mail-',
    LIMITER_STORE: 'redis',
    RATING_IP_LIMIT_PER_MINUTE: '100000000',
    BENCH_ROUTES: 'true',
  })

  await freshRedis(s.redisPort)
  let api
  try {
    api = await startHealthyApi(base, env)
    const { token, business } = await ownerWithBusiness(base)
    const bare = await request(base, 'GET', '/api/bench/bare')
    if (bare.status !== 200) throw new Error(`GET /api/bench/bare answered ${bare.status}: is BENCH_ROUTES wired?`)

    const runs = []
    runs.push(await measure('bare route GET /api/bench/bare', base, s, { method: 'GET', path: '/api/bench/bare' }))
    runs.push(
      await measure(`GET /api/business/by-url/{code}`, base, s, { method: 'GET', path: `/api/business/by-url/${business.shortUrl}` })
    )
    runs.push(
      await measure(`POST /api/review/{code}/submit`, base, s, {
        requests: SUBMISSIONS.map((body) => ({
          method: 'POST',
          path: `/api/review/${business.shortUrl}/submit`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })),
      })
    )
    const history = await businessWithHistory(base, token, s, env)
    const historySessions = (await request(base, 'GET', `/api/analytics/${history.id}`, { token })).json?.analytics?.totalSessions
    runs.push(
      await measure(`GET /api/analytics/{id}`, base, s, {
        method: 'GET',
        path: `/api/analytics/${history.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    )
    const alone = await measure(
      `GET /api/analytics/{id} (1 conn)`,
      base,
      { ...s, connections: 1 },
      {
        method: 'GET',
        path: `/api/analytics/${history.id}`,
        headers: { authorization: `Bearer ${token}` },
      }
    )
    runs.push({ ...alone, info: true })
    const sessions = (await request(base, 'GET', `/api/analytics/${business.id}`, { token })).json?.analytics?.totalSessions
    const flooded = await measure(`GET /api/analytics/{id} (flooded)`, base, s, {
      method: 'GET',
      path: `/api/analytics/${business.id}`,
      headers: { authorization: `Bearer ${token}` },
    })
    runs.push({ ...flooded, info: true })

    const bareRps = runs[0].rps
    const ratioTargets = { 'GET /api/business/by-url/{code}': TARGETS.byUrlRatio, 'POST /api/review/{code}/submit': TARGETS.submitRatio }
    const rows = runs.map((r, index) => {
      const ratio = r.rps / bareRps
      const ratioTarget = ratioTargets[r.name]
      const checks = []
      if (ratioTarget) checks.push(ratio >= ratioTarget)
      const held = index > 0 && !r.info
      if (held) checks.push(r.p99 < TARGETS.p99Ms)
      if (r.failed) checks.push(false)
      return {
        ...r,
        ratio,
        target: [ratioTarget ? `≥ ${ratioTarget} of bare` : '', held ? `p99 < ${TARGETS.p99Ms} ms` : ''].filter(Boolean).join(', '),
        verdict: r.info ? (r.failed ? 'FAIL' : 'info') : checks.length === 0 ? 'ref' : checks.every(Boolean) ? 'ok' : 'MISS',
      }
    })
    return { settings: s, rows, analyticsSessions: sessions, historySessions }
  } finally {
    await api?.stop()
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
  }
}

export function format({ settings: s, rows, analyticsSessions, historySessions }) {
  const lines = [
    `API throughput (production build, ${s.connections} connections, ${s.duration} s per endpoint after a ${s.warmup} s warm-up; autocannon on the same machine)`,
    `${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× bare'.padStart(7)} ${'non-2xx'.padStart(8)}   target`,
  ]
  for (const r of rows) {
    lines.push(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${r.ratio.toFixed(2).padStart(7)} ${String(r.failed).padStart(8)}   ${r.target || '-'}  ${r.verdict}`
    )
  }
  lines.push(
    `(analytics: a business with ${historySessions ?? '?'} sessions over two years, rolled up; flooded: the submit run's business, ${analyticsSessions ?? '?'} sessions all from today, not rolled up; by-url counts a page view per call)`
  )
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run()
  console.log(`\n${format(result)}`)
}
