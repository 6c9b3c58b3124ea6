#!/usr/bin/env node
/*
 * npm run bench:google-sync: the Google review import (docs/decisions.md D44) at scale against a loopback stand-in
 * for Business Profile. One workspace with BENCH_GSYNC_LOCATIONS (200) linked locations of BENCH_GSYNC_REVIEWS (500)
 * reviews each; one import job per location, processed by BENCH_GSYNC_WORKERS (2) compiled worker processes
 * (WORKER_CONCURRENCY 4 each) that share the Redis request pace. Prints the time, the Business Profile requests the
 * stub saw, and the requests per minute observed (over the run, and the busiest sliding minute) against
 * GOOGLE_API_QPM.
 *
 * The pace is raised for the bench (BENCH_GSYNC_QPM, 1000: about two minutes, and still the bound rather than the
 * database) so it ends in bounded time; the same arithmetic for
 * Google's default 300 is printed. Own database (reviewroute_bench_google, reset each run), API port
 * (BENCH_GSYNC_PORT=3386), Redis (BENCH_GSYNC_REDIS_PORT=6393, stopped at the end) and queue prefix.
 */
import { createServer } from 'node:http'
import { join } from 'node:path'
import { Encryption } from '@adonisjs/core/encryption'
import { Secret } from '@adonisjs/core/helpers'
import { Queue } from 'bullmq'
import {
  clearOwnApiEnv,
  ensureBackendBuild,
  mysqlConnection,
  ownApiEnv,
  ownerWithBusiness,
  resetDatabase,
  startApi,
  startRedis,
  startWorker,
  until,
  waitForApi,
} from '../lib/compiled-api.mjs'
import { googleStubEnv } from '../lib/google-business-stub.mjs'

const DATABASE = 'reviewroute_bench_google'
const PREFIX = 'rr-bench-gsync'
const QUEUE = 'google-review-sync'
const PAGE = 50

const settings = () => ({
  locations: Number(process.env.BENCH_GSYNC_LOCATIONS ?? 200),
  reviews: Number(process.env.BENCH_GSYNC_REVIEWS ?? 500),
  qpm: Number(process.env.BENCH_GSYNC_QPM ?? 1000),
  workers: Number(process.env.BENCH_GSYNC_WORKERS ?? 2),
  concurrency: Number(process.env.BENCH_GSYNC_CONCURRENCY ?? 4),
  port: Number(process.env.BENCH_GSYNC_PORT ?? 3386),
  redisPort: Number(process.env.BENCH_GSYNC_REDIS_PORT ?? 6393),
  timeoutMs: Number(process.env.BENCH_GSYNC_TIMEOUT_MS ?? 15 * 60_000),
})

const locationName = (i) => `accounts/1/locations/${i + 1}`

/** Business Profile's v4 reviews and Google's token endpoint, as the sync sees them; every API request timed. */
function stub(count) {
  const times = []
  const incremental = { count: 0 }
  const review = (location, i) => ({
    name: `${location}/reviews/r${i}`,
    reviewId: `r${i}`,
    reviewer: { displayName: `Reviewer ${i}`, profilePhotoUrl: `https://lh3.googleusercontent.com/a/${i}`, isAnonymous: i % 17 === 0 },
    starRating: ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'][i % 5],
    comment: i % 3 === 0 ? 'खाना बहुत अच्छा था' : `Good place ${i}`,
    createTime: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    updateTime: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
  })
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://stub')
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      request.resume()
      return request.on('end', () => send(200, { access_token: `at-bench-${Date.now()}`, expires_in: 3599, token_type: 'Bearer' }))
    }
    const list = url.pathname.match(/^\/v4\/(accounts\/1\/locations\/\d+)\/reviews$/)
    if (!list) return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
    times.push(Date.now())
    if (url.searchParams.get('orderBy')) incremental.count++
    const start = Number(url.searchParams.get('pageToken') ?? 0)
    const size = Math.min(PAGE, Number(url.searchParams.get('pageSize') ?? PAGE))
    const reviews = []
    for (let i = start; i < Math.min(count, start + size); i++) reviews.push(review(list[1], i))
    send(200, {
      reviews,
      averageRating: 3,
      totalReviewCount: count,
      nextPageToken: start + size < count ? String(start + size) : undefined,
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, times, incremental, url: `http://127.0.0.1:${server.address().port}` }))
  )
}

/** The most requests in any 60-second window. */
function busiestMinute(times) {
  let best = 0
  let from = 0
  for (let to = 0; to < times.length; to++) {
    while (times[to] - times[from] >= 60_000) from++
    best = Math.max(best, to - from + 1)
  }
  return best
}

/** The owner's one business copied into `count` businesses, each linked to a location of the connected profile. */
async function seed(db, business, count, appKey) {
  const [[row]] = await db.query('SELECT * FROM businesses WHERE id = ?', [business.id])
  const columns = Object.keys(row).filter((column) => column !== 'id')
  for (let i = 1; i < count; i++) {
    const copy = { ...row, name: `${row.name} ${i + 1}`, place_id: `bench_gsync_place_${i + 1}`, short_url: `gsync-${i + 1}` }
    await db.query(`INSERT INTO businesses (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES (?)`, [columns.map((c) => copy[c])])
  }
  const [businesses] = await db.query('SELECT id FROM businesses WHERE workspace_id = ? ORDER BY id', [row.workspace_id])
  const now = new Date()
  // Sealed with the API's key, as the connect callback stores it: a token that does not open is a lost connection.
  const sealed = new Encryption({ secret: new Secret(appKey) }).encrypt('bench-refresh-token')
  await db.query(
    'INSERT INTO google_connections (workspace_id, email, refresh_token_encrypted, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    [row.workspace_id, 'bench@gmail.example', sealed, now, now]
  )
  const locations = businesses.slice(0, count).map((b, i) => [row.workspace_id, locationName(i), `Bench ${i + 1}`, b.id, now, now])
  await db.query('INSERT INTO google_locations (workspace_id, name, title, business_id, created_at, updated_at) VALUES ?', [locations])
  const [ids] = await db.query('SELECT id FROM google_locations WHERE workspace_id = ? ORDER BY id', [row.workspace_id])
  return ids.map((location) => location.id)
}

export async function run() {
  const s = settings()
  ensureBackendBuild()
  const google = await stub(s.reviews)
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: DATABASE,
    redisPort: s.redisPort,
    queuePrefix: PREFIX,
    mailPrefix: 'rr-bench-gsync-mail-',
    APP_URL: `http://127.0.0.1:${s.port}`,
    ...googleStubEnv(google.url),
    GOOGLE_API_QPM: String(s.qpm),
    WORKER_CONCURRENCY: String(s.concurrency),
  })
  await startRedis(s.redisPort)
  const processes = []
  const queue = new Queue(QUEUE, { connection: { host: '127.0.0.1', port: s.redisPort }, prefix: PREFIX })
  let db
  try {
    await resetDatabase(DATABASE, env)
    const api = startApi(env)
    processes.push(api)
    await waitForApi(base, api)
    const { business } = await ownerWithBusiness(base)
    db = await mysqlConnection(DATABASE)
    const locationIds = await seed(db, business, s.locations, env.APP_KEY)

    for (let i = 0; i < s.workers; i++) processes.push(startWorker(env))
    const started = Date.now()
    await queue.addBulk(
      locationIds.map((id) => ({
        name: QUEUE,
        data: { locationId: id, full: true },
        opts: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, jobId: `bench-import-${id}` },
      }))
    )
    const expected = s.locations * s.reviews
    const done = await until(
      async () => {
        const [[{ total }]] = await db.query('SELECT COUNT(*) AS total FROM google_reviews')
        return Number(total) >= expected
      },
      { timeoutMs: s.timeoutMs, everyMs: 500 }
    )
    const seconds = (Date.now() - started) / 1000
    const [[{ total }]] = await db.query('SELECT COUNT(*) AS total FROM google_reviews')
    const [[{ failed }]] = await db.query('SELECT COUNT(*) AS failed FROM google_connections WHERE error IS NOT NULL')
    if (!done) {
      const logs = processes.slice(1).map((worker) => worker.output().slice(-4000))
      throw new Error(`only ${total} of ${expected} reviews stored within ${s.timeoutMs / 1000} s; the workers said:\n${logs.join('\n')}`)
    }

    const requests = google.times.length
    const span = (google.times.at(-1) - google.times[0]) / 60_000
    const perMinute = span > 0 ? requests / span : requests
    const pages = s.locations * Math.ceil(s.reviews / PAGE)
    console.log(`\nGoogle review import: ${s.locations} locations × ${s.reviews} reviews = ${expected} reviews stored (${total})`)
    console.log(`  time                      ${seconds.toFixed(1)} s  (${s.workers} workers × concurrency ${s.concurrency})`)
    console.log(
      `  requests made             ${requests}  (import pages expected ${pages}: ${s.locations} × ceil(${s.reviews} / ${PAGE}); ` +
        `${google.incremental.count} of them newest-first pages of the 15-minute sweep, which fires when the workers start)`
    )
    console.log(
      `  requests a minute         ${perMinute.toFixed(0)} over the run, ${busiestMinute(google.times)} in the busiest sliding minute`
    )
    console.log(`  GOOGLE_API_QPM            ${s.qpm}  → ${perMinute <= s.qpm * 1.01 ? 'within the setting' : 'OVER the setting'}`)
    console.log(`  connections marked lost   ${failed}`)
    console.log(
      `  at the default 300 a minute: ${pages} requests take ${(pages / 300).toFixed(1)} min; a 15-minute cycle has 4500 requests, ` +
        `one page per quiet location: ~4500 locations per project`
    )
    return { seconds, requests, perMinute, busiest: busiestMinute(google.times), qpm: s.qpm, pages }
  } finally {
    await queue.close().catch(() => {})
    await db?.end().catch(() => {})
    for (const proc of processes.reverse()) await proc.stop()
    google.server.close()
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
