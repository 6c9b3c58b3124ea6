#!/usr/bin/env node
/*
 * npm run bench:google-inbox: the Google reviews inbox (docs/decisions.md D45) over a big workspace. One owner with
 * BENCH_GINBOX_BUSINESSES (4) businesses holding BENCH_GINBOX_REVIEWS (100,000) Google reviews between them (40%,
 * 30%, 20%, 10%) over two years, as the review sync stores them: stars mostly 5, about 60% answered, 1% deleted, some
 * comments in Hindi and Tamil. Then BENCH_GINBOX_CALLS (30) sequential calls of each of
 *   GET /api/google-reviews (first page of 10), by business, by stars, unanswered, with words (q),
 *   GET /api/google-reviews/stats (every business, every time) and one business's last 30 days
 * against the production build, each after 3 warm-up calls; prints the median, p95 and range. Target for the list:
 * ≤ 50 ms median.
 *
 * Own database (reviewroute_bench_google_inbox), kept between runs: seeding (batched multi-row INSERTs with mysql2)
 * happens only when it does not hold the full set yet; BENCH_GINBOX_RESEED=true forces it. Own API port
 * (BENCH_GINBOX_PORT=3379) and Redis (BENCH_GINBOX_REDIS_PORT=6395, stopped at the end).
 */
import { join } from 'node:path'
import { ace, ensureBackendBuild, mysqlConnection, ownApiEnv, request, resetDatabase } from '../lib/compiled-api.mjs'
import { benchOwnerToken, percentile, prng, starsOf, startOwnApi } from '../lib/bench.mjs'

export const TARGET_MEDIAN_MS = 50
const DATABASE = 'reviewroute_bench_google_inbox'
const OWNER = { email: 'bench-google-inbox@example.test', password: 'bench-google-inbox-password' }
const DAY_MS = 86_400_000
const SHARES = [0.4, 0.3, 0.2, 0.1]

const settings = () => ({
  reviews: Number(process.env.BENCH_GINBOX_REVIEWS ?? 100_000),
  businesses: Number(process.env.BENCH_GINBOX_BUSINESSES ?? 4),
  calls: Number(process.env.BENCH_GINBOX_CALLS ?? 30),
  batch: Number(process.env.BENCH_GINBOX_BATCH ?? 5000),
  port: Number(process.env.BENCH_GINBOX_PORT ?? 3379),
  redisPort: Number(process.env.BENCH_GINBOX_REDIS_PORT ?? 6395),
  reseed: process.env.BENCH_GINBOX_RESEED === 'true',
})

const COMMENTS = [
  'Great food and quick service, will come again.',
  'Loved the filter coffee and the masala dosa.',
  'Staff was friendly and helpful.',
  'Had to wait 25 minutes for a table.',
  'The food was cold when it arrived.',
  'Parking was a problem on the weekend.',
  'Too expensive for the portion size.',
  'Clean place, good ambience, nice music.',
  'खाना बहुत अच्छा था, सेवा थोड़ी धीमी।',
  'सर्विस बहुत धीमी थी, खाना ठंडा था।',
  'சாப்பாடு மிகவும் நன்றாக இருந்தது.',
  'சேவை மெதுவாக இருந்தது.',
]
const NAMES = ['Priya Sharma', 'Ravi Kumar', 'Anita Desai', 'Suresh Iyer', 'Meena Pillai', 'Arjun Rao', 'Kavya Nair', 'Farhan Ali']

const INSERT =
  'INSERT INTO google_reviews (business_id, review_name, reviewer_name, reviewer_photo_url, reviewer_anonymous, stars, comment, create_time, update_time, reply_comment, reply_update_time, deleted_at, created_at, updated_at) VALUES ?'

async function seedReviews(db, businessIds, total, batch, log) {
  const random = prng(20261129)
  const now = Date.now()
  const from = now - 730 * DAY_MS
  let done = 0
  for (const [index, businessId] of businessIds.entries()) {
    const count = index === businessIds.length - 1 ? total - done : Math.round(total * (SHARES[index] ?? 1 / businessIds.length))
    const location = `accounts/900/locations/${businessId}`
    for (let start = 0; start < count; start += batch) {
      const rows = []
      for (let k = start; k < Math.min(count, start + batch); k++) {
        const created = new Date(Math.floor(from + ((now - from) * (k + random())) / count))
        const stars = starsOf(random())
        const anonymous = random() < 0.03
        const replied = random() < 0.6
        const reply = replied ? new Date(created.getTime() + Math.floor(random() * 72 * 3_600_000)) : null
        rows.push([
          businessId,
          `${location}/reviews/r${k}`,
          anonymous ? null : NAMES[Math.floor(random() * NAMES.length)],
          anonymous ? null : `https://lh3.googleusercontent.com/a/r${k}`,
          anonymous ? 1 : 0,
          stars,
          random() < 0.15 ? null : COMMENTS[Math.floor(random() * COMMENTS.length)],
          created,
          created,
          replied ? 'Thank you for your review!' : null,
          reply,
          random() < 0.01 ? new Date(now) : null,
          new Date(now),
          new Date(now),
        ])
      }
      await db.query(INSERT, [rows])
      done += rows.length
      log(`seeded ${done} / ${total} reviews`)
    }
  }
}

/** The owner's businesses, added from the demo catalogue until there are `count`. */
async function businessesOf(base, token, count) {
  const mine = await request(base, 'GET', '/api/my-businesses', { token })
  const ids = (mine.json ?? []).map((business) => business.id)
  if (ids.length >= count) return ids.slice(0, count)
  const search = await request(base, 'POST', '/api/search-business', { token, body: { query: 'cafe' } })
  for (const place of search.json?.places ?? []) {
    if (ids.length >= count) break
    const selected = await request(base, 'POST', '/api/select-business', { token, body: { placeId: place.place_id } })
    if (selected.status === 201) ids.push(selected.json.business.id)
  }
  if (ids.length < count) throw new Error(`only ${ids.length} businesses could be added (the demo catalogue)`)
  return ids
}

/** Median, p95 and range of `calls` sequential calls after 3 warm-up calls; every answer must be 200. */
async function timeCalls(base, path, token, calls) {
  let total = null
  for (let i = 0; i < 3; i++) await request(base, 'GET', path, { token, timeoutMs: 60_000 })
  const times = []
  for (let i = 0; i < calls; i++) {
    const response = await request(base, 'GET', path, { token, timeoutMs: 60_000 })
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text.slice(0, 300)}`)
    total = response.headers?.get?.('x-total-count') ?? response.json?.total ?? total
    times.push(response.ms)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0], max: sorted.at(-1), calls, total }
}

export async function run({ log = (line) => console.error(`[google-inbox] ${line}`) } = {}) {
  const s = settings()
  ensureBackendBuild()
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: DATABASE,
    redisPort: s.redisPort,
    queuePrefix: 'rr-bench-ginbox',
    mailPrefix: 'rr-bench-ginbox-mail-',
  })

  const admin = await mysqlConnection(undefined)
  let existing = 0
  try {
    const [[schema]] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?', [
      DATABASE,
      'google_reviews',
    ])
    if (Number(schema.n) > 0) {
      const [[row]] = await admin.query(`SELECT COUNT(*) AS n FROM \`${DATABASE}\`.google_reviews`)
      existing = Number(row.n)
    }
  } finally {
    await admin.end()
  }
  const seeded = existing === s.reviews && !s.reseed
  if (seeded) {
    log(`reusing ${existing} reviews in ${DATABASE}`)
    ace(['db:prepare'], env) // new migrations (an index) still apply
  } else {
    log(`preparing ${DATABASE} from scratch`)
    await resetDatabase(DATABASE, env)
  }

  const { db, stop } = await startOwnApi({ env, base, mailDir })
  const notes = []
  try {
    const token = await benchOwnerToken(base, OWNER, { firstName: 'Inbox', lastName: 'Bench' })
    const businessIds = await businessesOf(base, token, s.businesses)
    if (!seeded) {
      const started = Date.now()
      let last = 0
      await seedReviews(db, businessIds, s.reviews, s.batch, (line) => {
        if (Date.now() - last > 5000) {
          last = Date.now()
          log(line)
        }
      })
      await db.query('ANALYZE TABLE google_reviews')
      const seconds = (Date.now() - started) / 1000
      log(`seeded ${s.reviews} reviews in ${seconds.toFixed(0)} s`)
      notes.push(`seeding ${s.reviews} reviews took ${seconds.toFixed(0)} s (once; later runs reuse them)`)
    }

    const biggest = businessIds[0]
    const smallest = businessIds.at(-1)
    const to = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)
    const from = new Date(Date.now() + 5.5 * 3_600_000 - 29 * DAY_MS).toISOString().slice(0, 10)
    const page = '_start=0&_end=10'
    const calls = [
      ['list: first page, every business', `/api/google-reviews?${page}`, true],
      ['list: one business (40%)', `/api/google-reviews?${page}&businessId=${biggest}`, true],
      ['list: one business (10%)', `/api/google-reviews?${page}&businessId=${smallest}`, true],
      ['list: 1 star', `/api/google-reviews?${page}&stars=1`, true],
      ['list: 1-3 stars, one business', `/api/google-reviews?${page}&stars_lte=3&businessId=${biggest}`, true],
      ['list: unanswered', `/api/google-reviews?${page}&replied=false`, true],
      ['list: unanswered 1-3 stars', `/api/google-reviews?${page}&replied=false&stars_lte=3`, true],
      ['list: words (q=parking)', `/api/google-reviews?${page}&q=parking`, true],
      ['list: words in Hindi (q=धीमी)', `/api/google-reviews?${page}&q=${encodeURIComponent('धीमी')}`, true],
      ['stats: every business, all time', '/api/google-reviews/stats', false],
      ['stats: one business (40%), 30 days', `/api/google-reviews/stats?businessId=${biggest}&from=${from}&to=${to}`, false],
      ['stats: every business, 30 days', `/api/google-reviews/stats?from=${from}&to=${to}`, false],
    ]
    const rows = []
    for (const [name, path, list] of calls) {
      const timing = await timeCalls(base, path, token, s.calls)
      rows.push({
        name,
        ...timing,
        target: list ? `≤ ${TARGET_MEDIAN_MS} ms` : 'reported',
        verdict: list ? (timing.median <= TARGET_MEDIAN_MS ? 'ok' : 'MISS') : '',
      })
    }
    const [[count]] = await db.query('SELECT COUNT(*) AS n FROM google_reviews')
    return { settings: s, reviews: Number(count.n), businesses: businessIds.length, rows, notes }
  } finally {
    await stop()
  }
}

export function format({ reviews, businesses, rows, notes }) {
  const lines = [
    `Google reviews inbox over ${reviews.toLocaleString('en-IN')} reviews of ${businesses} businesses of one workspace; sequential calls`,
    `${'call'.padEnd(40)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'range ms'.padStart(14)} ${'rows'.padStart(7)}   target`,
  ]
  for (const r of rows) {
    lines.push(
      `${r.name.padEnd(40)} ${r.median.toFixed(1).padStart(10)} ${r.p95.toFixed(1).padStart(8)} ${`${r.min.toFixed(1)}-${r.max.toFixed(1)}`.padStart(14)} ${String(r.total ?? '').padStart(7)}   ${r.target} ${r.verdict}`
    )
  }
  for (const note of notes) lines.push(`(${note})`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run()
  console.log(`\n${format(result)}`)
}
