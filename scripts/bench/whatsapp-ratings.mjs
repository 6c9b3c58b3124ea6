#!/usr/bin/env node
/*
 * npm run bench:whatsapp-ratings: ratings given inside WhatsApp (backend/app/actions/requests/whatsapp_chat.ts)
 * arriving as Meta's signed webhooks at two compiled API processes, one of which is killed mid-run. One workspace
 * whose WhatsApp Business number is connected as Embedded Signup stores it (its rows written directly: the loopback
 * Graph stub's number and token, scripts/lib/whatsapp-stub.mjs, and the managed templates approved); BENCH_WA_RATINGS
 * (1000) customers with distinct Indian numbers, each with a WhatsApp request in 'sent'. Every customer taps a rating
 * (1-5, the benches' star mix; template quick-replies and interactive reply buttons mixed), BENCH_WA_CONCURRENCY (24)
 * webhooks in flight, round-robin over the two APIs. About 10% of the webhooks are delivered again (same wamid, same
 * body) and about 5% of the customers tap again (a new wamid, another rating) once their first tap is acknowledged;
 * half of the redeliveries go while the first delivery is still in flight (on the other API), half after its 200.
 * Like Meta, the client retries a delivery that got no 200 on the other API (BENCH_WA_ATTEMPTS, 6, short backoff),
 * and stops using an API that refuses connections. Once 40% of the first taps are acknowledged, the second API gets
 * SIGKILL and stays down.
 *
 * Prints the webhooks sent by kind, acknowledged, retried, ratings a second over the run, p50/p95/p99 of the time
 * from sending a webhook to its 200 (the rating is stored before the 200), the replies the stub recorded, and what
 * the database holds: one rating per request (duplicates), every acknowledged request rated (losses), the first tap's
 * rating kept, source whatsapp, and the message ids recorded. Timings are only printed; it exits 1 only for
 * duplicates or losses (a first rating not kept counts as lost, as does a rating not marked source whatsapp), or when
 * it does not finish within BENCH_WA_TIMEOUT_MS (5 minutes). Own database (reviewroute_bench_whatsapp, reset each
 * run), API ports (BENCH_WA_PORT=3377 and the next one) and Redis (BENCH_WA_REDIS_PORT=6396, stopped at the end);
 * loopback only.
 */
import { randomBytes } from 'node:crypto'
import { Encryption } from '@adonisjs/core/encryption'
import { Secret } from '@adonisjs/core/helpers'
import { setTimeout as sleep } from 'node:timers/promises'
import { ensureBackendBuild, clearOwnApiEnv, mysqlConnection, ownerWithBusiness, startApi } from '../lib/compiled-api.mjs'
import { prng, starsOf } from '../lib/bench.mjs'
import { signWebhook, startWhatsAppStub } from '../lib/whatsapp-stub.mjs'
import { freshStores, healthy, loopback, runAsScript, spread, whatsAppBenchEnv, withinTimeout } from './own-api-run.mjs'

const DATABASE = 'reviewroute_bench_whatsapp'
const WABA_ID = '102290129340398'
const PHONE_NUMBER_ID = '106540352242922'
/** The business token the stub takes (as the code exchange of Embedded Signup gives one). */
const ACCESS_TOKEN = 'EAABenchWhatsAppRatingsToken0123456789'
/** ReviewRoute's own template, with the rating quick-replies, in every language it is made in. */
const TEMPLATE_NAME = 'reviewroute_rating_request'
const TEMPLATE_LANGUAGES = ['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'kn', 'ml']
const KILL_AFTER = 0.4
const REDELIVERED = 0.1
const TAPPED_AGAIN = 0.05

const settings = () => ({
  ratings: Number(process.env.BENCH_WA_RATINGS ?? 1000),
  concurrency: Number(process.env.BENCH_WA_CONCURRENCY ?? 24),
  attempts: Number(process.env.BENCH_WA_ATTEMPTS ?? 6),
  port: Number(process.env.BENCH_WA_PORT ?? 3377),
  redisPort: Number(process.env.BENCH_WA_REDIS_PORT ?? 6396),
  timeoutMs: Number(process.env.BENCH_WA_TIMEOUT_MS ?? 5 * 60_000),
})

const log = (line) => console.error(`[whatsapp-ratings] ${line}`)

/** The 10 digits of the i-th customer's mobile: 98 and eight more, all distinct. */
const mobileOf = (i) => `98${String(i).padStart(8, '0')}`

/**
 * The owner and their business (through the API), and the workspace's WhatsApp Business number as a finished
 * Embedded Signup stores it (whatsapp_accounts, migration 0050): the stub's token sealed with the API's key, the nine
 * managed templates APPROVED.
 */
async function connectedBusiness(base, db, appKey) {
  const { email, business } = await ownerWithBusiness(base)
  const [[owner]] = await db.query('SELECT b.workspace_id, u.id AS user_id FROM businesses b JOIN users u ON u.email = ? WHERE b.id = ?', [
    email,
    business.id,
  ])
  const now = new Date()
  const sealed = new Encryption({ secret: new Secret(appKey) }).encrypt(ACCESS_TOKEN)
  const [account] = await db.query(
    `INSERT INTO whatsapp_accounts (workspace_id, user_id, phone_number_id, access_token_encrypted, waba_id,
       display_phone_number, verified_name, quality_rating, messaging_limit, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'GREEN', 'TIER_1K', ?, ?)`,
    [owner.workspace_id, owner.user_id, PHONE_NUMBER_ID, sealed, WABA_ID, '+91 98450 00000', 'Bench Chai', now, now]
  )
  const templates = TEMPLATE_LANGUAGES.map((language, i) => [
    account.insertId,
    TEMPLATE_NAME,
    language,
    String(900_000_000_000_000 + i),
    'APPROVED',
    1,
    now,
    now,
  ])
  await db.query(
    'INSERT INTO whatsapp_templates (whatsapp_account_id, name, language, meta_template_id, status, managed, created_at, updated_at) VALUES ?',
    [templates]
  )
  return business
}

/** `count` customers with distinct Indian mobiles and one WhatsApp request each, in 'sent': [{id, token, waId}]. */
async function seedRequests(db, businessId, count) {
  const now = new Date()
  const customers = Array.from({ length: count }, (_, i) => [businessId, `Customer ${i + 1}`, `+91${mobileOf(i)}`, now, now, now])
  await db.query('INSERT INTO customers (business_id, name, phone, consent_at, created_at, updated_at) VALUES ?', [customers])
  const [rows] = await db.query('SELECT id, phone FROM customers WHERE business_id = ? ORDER BY id', [businessId])
  const requests = rows.map((customer) => [
    businessId,
    customer.id,
    'whatsapp',
    'sent',
    randomBytes(16).toString('base64url'),
    now,
    now,
    now,
  ])
  await db.query(
    'INSERT INTO review_requests (business_id, customer_id, channel, status, token, sent_at, created_at, updated_at) VALUES ?',
    [requests]
  )
  const [seeded] = await db.query(
    `SELECT r.id, r.token, c.phone FROM review_requests r JOIN customers c ON c.id = r.customer_id
      WHERE r.business_id = ? ORDER BY r.id`,
    [businessId]
  )
  return seeded.map((row) => ({ id: row.id, token: row.token, waId: row.phone.slice(1) }))
}

/** A customer's tap on `rating` as Meta's webhook: a template quick-reply or an interactive reply button. */
function tapWebhook(stub, request, rating, kind) {
  const payload = `rr:${request.token}:${rating}`
  const label = '★'.repeat(rating)
  const message = kind === 'button' ? { type: 'button', text: label, payload } : { type: 'button_reply', id: payload, title: label }
  const webhook = stub.inbound(PHONE_NUMBER_ID, { waId: request.waId, name: 'Customer' }, message)
  const raw = JSON.stringify(webhook)
  return { raw, signature: signWebhook(raw, stub.appSecret), wamid: webhook.entry[0].changes[0].value.messages[0].id }
}

/** POST of a signed webhook to one API: {status, outcome, ms} or {status: 0, reason, refused}. */
async function post(worker, delivery, signal) {
  const started = performance.now()
  try {
    const response = await fetch(`${worker.base}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': delivery.signature, 'user-agent': 'facebookexternalua' },
      body: delivery.raw,
      signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
    })
    const text = await response.text()
    let outcome = null
    try {
      outcome = JSON.parse(text).outcomes?.[0] ?? null
    } catch {}
    return { status: response.status, outcome, text, ms: performance.now() - started }
  } catch (error) {
    const reason = error?.cause?.code ?? error?.name ?? String(error)
    return { status: 0, reason, refused: reason === 'ECONNREFUSED', ms: performance.now() - started }
  }
}

/**
 * Sends every first tap, and the redeliveries and second taps each one's acknowledgement brings, `concurrency` in
 * flight over `workers`; kills the second worker once KILL_AFTER of the first taps are acknowledged.
 */
async function deliverAll({ stub, requests, workers, concurrency, attempts, signal }) {
  const random = prng(20261203)
  const taps = requests.map((request, i) => {
    const rating = starsOf(random())
    const again = random() < TAPPED_AGAIN
    return {
      request,
      rating,
      kind: i % 2 ? 'button' : 'interactive',
      // Half of Meta's redeliveries come while the first is still being answered, half after its 200.
      redeliver: random() < REDELIVERED ? (random() < 0.5 ? 'during' : 'after') : null,
      second: again ? { rating: ((rating + Math.floor(random() * 4)) % 5) + 1, kind: random() < 0.5 ? 'button' : 'interactive' } : null,
      acked: false,
    }
  })
  const pending = taps.map((tap, i) => ({ what: 'first', i, ...tapWebhook(stub, tap.request, tap.rating, tap.kind) }))
  const stats = {
    sent: { first: 0, redelivery: 0, second: 0 },
    acknowledged: { first: 0, redelivery: 0, second: 0 },
    outcomes: {},
    attempts: 0,
    retried: 0,
    deliveriesRetried: 0,
    retriedOutcomes: {},
    failures: {},
    unacknowledged: [],
    answerMs: [],
    deliveryMs: [],
    wamidsAcked: new Set(),
    wamidsSent: new Set(),
    killedAt: null,
    firstAckAt: null,
    lastAckAt: null,
  }
  let turn = 0
  let inFlight = 0
  const pick = (previous) => {
    const alive = workers.filter((worker) => !worker.refusing)
    if (!alive.length) return null
    const others = alive.filter((worker) => worker !== previous)
    if (previous && others.length) return others[0]
    return alive[turn++ % alive.length]
  }
  /** A follow-up webhook enters the queue a little ahead, among the first taps still waiting. */
  const enqueue = (delivery) => pending.splice(Math.min(pending.length, Math.floor(random() * 3 * concurrency)), 0, delivery)

  async function deliver(delivery) {
    stats.sent[delivery.what]++
    stats.wamidsSent.add(delivery.wamid)
    const sentAt = performance.now()
    let previous = null
    let tries = 0
    for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
      const worker = pick(previous)
      if (!worker) break
      tries = attempt
      if (attempt > 1) stats.retried++
      stats.attempts++
      const answer = await post(worker, delivery, signal)
      if (answer.status === 200) {
        const at = performance.now()
        stats.answerMs.push(answer.ms)
        stats.deliveryMs.push(at - sentAt)
        stats.firstAckAt ??= at
        stats.lastAckAt = at
        stats.acknowledged[delivery.what]++
        stats.wamidsAcked.add(delivery.wamid)
        const key = `${delivery.what}: ${answer.outcome}`
        stats.outcomes[key] = (stats.outcomes[key] ?? 0) + 1
        if (attempt > 1) {
          stats.deliveriesRetried++
          stats.retriedOutcomes[answer.outcome] = (stats.retriedOutcomes[answer.outcome] ?? 0) + 1
        }
        return true
      }
      const failure = answer.status ? `HTTP ${answer.status}` : answer.reason
      stats.failures[failure] = (stats.failures[failure] ?? 0) + 1
      if (answer.status >= 500 && stats.failures[failure] <= 3)
        log(`${worker.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`)
      if (answer.refused) worker.refusing = true
      previous = worker
      await sleep(Math.min(1000, 50 * 2 ** (attempt - 1)) + Math.floor(random() * 50))
    }
    if (tries > 1) stats.deliveriesRetried++
    stats.unacknowledged.push(delivery)
    return false
  }

  const startedAt = performance.now()
  const lane = async () => {
    while (!signal.aborted) {
      const delivery = pending.shift()
      if (!delivery) {
        if (!inFlight) return
        await sleep(5)
        continue
      }
      const tap = taps[delivery.i]
      if (delivery.what === 'first' && tap.redeliver === 'during') pending.unshift({ ...delivery, what: 'redelivery' })
      inFlight++
      try {
        const acked = await deliver(delivery)
        if (acked && delivery.what !== 'second') tap.acked = true
        if (!acked || delivery.what !== 'first') continue
        if (tap.redeliver === 'after') enqueue({ ...delivery, what: 'redelivery' })
        if (tap.second) enqueue({ what: 'second', i: delivery.i, ...tapWebhook(stub, tap.request, tap.second.rating, tap.second.kind) })
        if (!stats.killedAt && stats.acknowledged.first >= KILL_AFTER * taps.length) {
          stats.killedAt = { ms: performance.now() - startedAt, acknowledged: stats.acknowledged.first }
          log(`${workers[1].name} killed (SIGKILL) after ${stats.acknowledged.first} first taps acknowledged`)
          workers[1].proc.child.kill('SIGKILL')
        }
      } finally {
        inFlight--
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  if (signal.aborted) throw new Error('the run did not finish in time')
  return { taps, stats, startedAt }
}

/** What the database holds for the bench's requests, against the taps acknowledged. */
async function check(db, taps) {
  const [rows] = await db.query(
    `SELECT r.id, r.status, COUNT(s.id) AS sessions, MIN(s.rating) AS low, MAX(s.rating) AS high,
            SUM(s.source <> 'whatsapp') AS other_source
       FROM review_requests r LEFT JOIN review_sessions s ON s.review_request_id = r.id
      WHERE r.id IN (?) GROUP BY r.id, r.status`,
    [taps.map((tap) => tap.request.id)]
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const result = { duplicates: 0, extraRows: 0, lost: 0, wrongRating: 0, wrongSource: 0, ratedUnacknowledged: 0, rated: 0 }
  for (const tap of taps) {
    const row = byId.get(tap.request.id)
    const sessions = Number(row?.sessions ?? 0)
    if (row?.status === 'rated') result.rated++
    if (sessions > 1) {
      result.duplicates++
      result.extraRows += sessions - 1
    }
    if (Number(row?.other_source ?? 0) > 0) result.wrongSource++
    if (!tap.acked) {
      if (sessions) result.ratedUnacknowledged++
      continue
    }
    if (row?.status !== 'rated' || !sessions) result.lost++
    else if (Number(row.low) !== tap.rating || Number(row.high) !== tap.rating) result.wrongRating++
  }
  const [[{ total }]] = await db.query('SELECT COUNT(*) AS total FROM whatsapp_inbound_messages')
  const [[{ all }]] = await db.query(`SELECT COUNT(*) AS \`all\` FROM review_sessions WHERE source = 'whatsapp'`)
  return { ...result, inbound: Number(total), sessions: Number(all) }
}

const ms = (value) => `${value.toFixed(1)} ms`
const timings = (values) => spread(values, [50, 95, 99], ms)

export async function run() {
  const s = settings()
  ensureBackendBuild()
  const stub = await startWhatsAppStub({
    accessTokens: [ACCESS_TOKEN],
    numbers: [{ id: PHONE_NUMBER_ID, wabaId: WABA_ID, displayPhoneNumber: '+91 98450 00000', verifiedName: 'Bench Chai' }],
  })
  const { env, base, mailDir } = whatsAppBenchEnv({ name: 'wa', port: s.port, database: DATABASE, redisPort: s.redisPort, stub })
  const workers = []
  let db
  try {
    return await withinTimeout(s.timeoutMs, async (signal) => {
      await freshStores(env, log)
      for (const [index, port] of [s.port, s.port + 1].entries()) {
        const proc = startApi({ ...env, PORT: String(port) })
        workers.push({ name: `api ${index + 1} (:${port})`, base: loopback(port), proc, refusing: false })
      }
      for (const worker of workers) await healthy(worker.base, worker.proc, worker.name)
      db = await mysqlConnection(DATABASE)
      const business = await connectedBusiness(base, db, env.APP_KEY)
      const [[{ approved }]] = await db.query(
        `SELECT COUNT(*) AS approved FROM whatsapp_templates WHERE status = 'APPROVED' AND managed = 1`
      )
      const requests = await seedRequests(db, business.id, s.ratings)
      log(`seeded ${requests.length} WhatsApp requests (${approved} approved templates); sending the taps`)
      const repliesBefore = stub.messages.length

      const { taps, stats, startedAt } = await deliverAll({ ...s, stub, requests, workers, signal })
      const seconds = (stats.lastAckAt - startedAt) / 1000
      const replies = stub.messages.length - repliesBefore
      const answered = new Set(stub.messages.slice(repliesBefore).map((message) => message.to))
      const unanswered = taps.filter((tap) => tap.acked && !answered.has(tap.request.waId)).length
      const found = await check(db, taps)
      const survivor = workers[0].proc.child.exitCode === null ? 'running' : 'EXITED'
      const killed = workers[1].proc.child.signalCode ?? workers[1].proc.child.exitCode ?? 'running'

      const sent = stats.sent.first + stats.sent.redelivery + stats.sent.second
      const acked = stats.acknowledged.first + stats.acknowledged.redelivery + stats.acknowledged.second
      const outcomes = Object.entries(stats.outcomes)
        .sort()
        .map(([key, count]) => `${key} ${count}`)
        .join(', ')
      const failures =
        Object.entries(stats.failures)
          .map(([key, count]) => `${key} ${count}`)
          .join(', ') || 'none'
      const repliesExpected = Object.entries(stats.outcomes)
        .filter(([key]) => key.endsWith(': rated') || key.endsWith(': already-rated'))
        .reduce((sum, [, count]) => sum + count, 0)
      const acknowledgedFirst = taps.filter((tap) => tap.acked).length
      console.log(
        `\nRatings inside WhatsApp: ${s.ratings} customers tap a rating, signed webhooks over 2 API processes ` +
          `(${s.concurrency} in flight), one killed mid-run`
      )
      console.log(
        `  webhooks sent             ${sent}  (first taps ${stats.sent.first}, redeliveries ${stats.sent.redelivery}, ` +
          `second taps ${stats.sent.second}); ${stats.attempts} HTTP attempts`
      )
      console.log(
        `  acknowledged (200)        ${acked}  (first taps ${stats.acknowledged.first}, redeliveries ${stats.acknowledged.redelivery}, ` +
          `second taps ${stats.acknowledged.second}); not acknowledged ${stats.unacknowledged.length}`
      )
      const retriedAnswers =
        Object.entries(stats.retriedOutcomes)
          .map(([key, count]) => `${key} ${count}`)
          .join(', ') || '-'
      console.log(
        `  retried                   ${stats.retried} attempts, for ${stats.deliveriesRetried} webhooks (answered on retry: ${retriedAnswers}); ` +
          `failures: ${failures}`
      )
      console.log(`  answers                   ${outcomes}`)
      console.log(
        `  killed                    ${workers[1].name} (SIGKILL) after ${stats.killedAt?.acknowledged ?? '-'} first taps acknowledged, ` +
          `${((stats.killedAt?.ms ?? 0) / 1000).toFixed(1)} s in; it ended by ${killed}, ${workers[0].name} ${survivor}`
      )
      console.log(
        `  ratings a second          ${(acknowledgedFirst / seconds).toFixed(1)}  (${acknowledgedFirst} first taps acknowledged ` +
          `in ${seconds.toFixed(1)} s; ${(acked / seconds).toFixed(1)} webhooks a second)`
      )
      console.log(`  webhook → 200             ${timings(stats.answerMs)}  (each answered attempt)`)
      console.log(`  first send → 200          ${timings(stats.deliveryMs)}  (retries included)`)
      console.log(
        `  replies the stub recorded ${replies}  (answers 'rated' and 'already-rated': ${repliesExpected}; ` +
          `a reply of the killed API may be sent or not); ` +
          `customers rated without any reply ${unanswered}`
      )
      console.log(
        `  database                  ${found.rated} of ${s.ratings} requests rated, ${found.sessions} WhatsApp ratings, ` +
          `${found.inbound} message ids recorded (${stats.wamidsAcked.size} distinct acknowledged, ${stats.wamidsSent.size} sent)`
      )
      console.log(`  duplicates                ${found.duplicates}  (requests with more than one rating; ${found.extraRows} extra rows)`)
      console.log(
        `  losses                    ${found.lost + found.wrongRating}  (${found.lost} acknowledged but not rated, ` +
          `${found.wrongRating} whose first tap's rating was not kept)`
      )
      console.log(`  source not whatsapp       ${found.wrongSource}`)
      if (found.ratedUnacknowledged) console.log(`  rated, never acknowledged ${found.ratedUnacknowledged}`)
      const ok = !found.duplicates && !found.lost && !found.wrongRating && !found.wrongSource
      console.log(`  correctness               ${ok ? 'OK' : 'FAILED'}`)
      return { ok, seconds, stats, found, replies }
    })
  } finally {
    await db?.end().catch(() => {})
    for (const worker of workers.reverse()) await worker.proc.stop()
    await stub.close().catch(() => {})
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
  }
}

runAsScript(import.meta, run)
