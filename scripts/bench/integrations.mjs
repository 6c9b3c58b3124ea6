#!/usr/bin/env node
/*
 * npm run bench:integrations: integrations' webhooks (backend/app/actions/integrations/receive_integration_event.ts)
 * arriving at two compiled API processes, one of which is killed mid-run. BENCH_INT_BUSINESSES (200) businesses, five
 * to an owner, each with an integration (the five providers in turn, their rows written directly with the keys
 * sealed by the API's APP_KEY; every fourth with a ₹200 minimum bill). BENCH_INT_EVENTS (10,000) events, each in its
 * provider's shape and signed as it signs (the backend's own "Send a test event" builder, from its build), for a
 * customer of the business: about
 * one in eight is a customer's second order (the 30-day rule skips it), a few bills are under the minimum, 5% are
 * delivered again (the provider's retry: the same body, the same answer, nothing new) and 2% carry a wrong signature
 * (401). BENCH_INT_CONCURRENCY (32) in flight, round-robin over the two APIs; a delivery that got no answer is tried
 * on the other (as providers retry). Once 40% are answered, the second API gets SIGKILL.
 *
 * Prints events a second, p50/p95/p99 of the time to the provider's answer, the answers by outcome, and what the
 * database holds: requests scheduled against the eligible customers (each (business, customer) with an accepted
 * event over the minimum), expecting exactly one each and none for anyone else. Timings are only printed; it exits 1
 * for a customer with two requests, an eligible one with none, a request for someone not eligible, or a wrong
 * signature that was accepted, or when it does not finish within BENCH_INT_TIMEOUT_MS (10 minutes). Own database
 * (reviewroute_bench_integrations, reset each run), API ports (BENCH_INT_PORT=3379 and the next) and Redis
 * (BENCH_INT_REDIS_PORT=6397, stopped at the end); loopback only. BENCH_INT_DB_POOL_MAX (24) sizes each API's pool.
 */
import { randomBytes } from 'node:crypto'
import { Encryption } from '@adonisjs/core/encryption'
import { Secret } from '@adonisjs/core/helpers'
import { setTimeout as sleep } from 'node:timers/promises'
import { clearOwnApiEnv, ensureBackendBuild, mysqlConnection, ownApiEnv, ownerWithBusiness, startApi } from '../lib/compiled-api.mjs'
import { prng } from '../lib/bench.mjs'
import { freshStores, healthy, loopback, runAsScript, spread, withinTimeout } from './own-api-run.mjs'

const DATABASE = 'reviewroute_bench_integrations'
const KILL_AFTER = 0.4
const REPLAYED = 0.05
const BAD_SIGNATURE = 0.02
const SECOND_ORDER = 0.12
const MINIMUM_PAISE = 20_000
/** A small chain's outlets: each owner's workspace holds this many businesses. */
const BUSINESSES_PER_OWNER = 5

const settings = () => ({
  businesses: Number(process.env.BENCH_INT_BUSINESSES ?? 200),
  events: Number(process.env.BENCH_INT_EVENTS ?? 10_000),
  concurrency: Number(process.env.BENCH_INT_CONCURRENCY ?? 32),
  attempts: Number(process.env.BENCH_INT_ATTEMPTS ?? 6),
  port: Number(process.env.BENCH_INT_PORT ?? 3379),
  redisPort: Number(process.env.BENCH_INT_REDIS_PORT ?? 6397),
  timeoutMs: Number(process.env.BENCH_INT_TIMEOUT_MS ?? 10 * 60_000),
})

const log = (line) => console.error(`[integrations] ${line}`)

/** The backend's provider list and its delivery builder, from the compiled backend (built first). */
async function backendParts() {
  const { PROVIDER_TRIGGERS } = await import('../../backend/build/contract/integrations.js')
  const { sampleDelivery } = await import('../../backend/build/app/services/integrations/sample_events.js')
  return { providers: Object.entries(PROVIDER_TRIGGERS).map(([name, triggers]) => ({ name, triggers })), sampleDelivery }
}

/**
 * Owners of BUSINESSES_PER_OWNER businesses each: the first owner and business through the API, the others their rows
 * again (an owner, their workspace and membership, their businesses), so sign-up's limits do not slow the seeding.
 */
async function seed(base, db, appKey, count, providers) {
  const now = new Date()
  const { email, business } = await ownerWithBusiness(base)
  const [[first]] = await db.query('SELECT u.id AS user_id, b.workspace_id FROM users u JOIN businesses b ON b.id = ? WHERE u.email = ?', [
    business.id,
    email,
  ])
  const ids = [business.id]
  const copyBusiness = async (userId, workspaceId, n) => {
    const [inserted] = await db.query(
      `INSERT INTO businesses (user_id, workspace_id, name, place_id, short_url, google_review_url, address, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, google_review_url, address, ?, ? FROM businesses WHERE id = ?`,
      [userId, workspaceId, `Bench Shop ${n}`, `bench-place-${n}`, `bench${String(n).padStart(4, '0')}`, now, now, business.id]
    )
    ids.push(inserted.insertId)
  }
  for (let owner = 0; ids.length < count; owner++) {
    let userId = first.user_id
    let workspaceId = first.workspace_id
    if (owner > 0) {
      const [user] = await db.query(
        `INSERT INTO users (email, password, first_name, last_name, phone, profile_image_url, trial_starts_at, trial_ends_at,
           email_verified_at, role, created_at, updated_at)
         SELECT ?, password, first_name, ?, phone, profile_image_url, trial_starts_at, trial_ends_at, email_verified_at, role, ?, ?
           FROM users WHERE id = ?`,
        [`bench-owner-${owner}@example.test`, `Owner ${owner}`, now, now, first.user_id]
      )
      userId = user.insertId
      const [workspace] = await db.query(
        `INSERT INTO workspaces (name, kind, created_by_user_id, created_at, updated_at)
         SELECT ?, kind, ?, ?, ? FROM workspaces WHERE id = ?`,
        [`Bench Chain ${owner}`, userId, now, now, first.workspace_id]
      )
      workspaceId = workspace.insertId
      await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?)`, [
        workspaceId,
        userId,
        now,
        now,
      ])
    }
    for (let i = owner > 0 ? 0 : 1; i < BUSINESSES_PER_OWNER && ids.length < count; i++)
      await copyBusiness(userId, workspaceId, ids.length + 1)
  }
  const businesses = ids.map((id) => ({ id }))
  const seal = new Encryption({ secret: new Secret(appKey) })
  const integrations = businesses.map((row, i) => {
    const provider = providers[i % providers.length]
    return {
      businessId: row.id,
      provider: provider.name,
      trigger: provider.triggers[0],
      token: randomBytes(32).toString('base64url'),
      secret: randomBytes(24).toString('base64url'),
      minAmountPaise: i % 4 === 3 ? MINIMUM_PAISE : 0,
    }
  })
  await db.query(
    `INSERT INTO integrations (business_id, provider, token, signing_secret_encrypted, \`trigger\`, delay_minutes, channel,
       min_amount_paise, active, consent_confirmed_at, created_at, updated_at) VALUES ?`,
    [
      integrations.map((one) => [
        one.businessId,
        one.provider,
        one.token,
        seal.encrypt(one.secret),
        one.trigger,
        120,
        'auto',
        one.minAmountPaise,
        1,
        now,
        now,
        now,
      ]),
    ]
  )
  return integrations
}

/**
 * The events: each for a customer of its business (a new one, or about SECOND_ORDER of the time one who ordered
 * there before), a bill of ₹49-₹2,500, and what each one should lead to.
 */
function plan(integrations, count, sampleDelivery) {
  const random = prng(20261203)
  const customersOf = new Map()
  const events = []
  for (let i = 0; i < count; i++) {
    const integration = integrations[i % integrations.length]
    const known = customersOf.get(integration.businessId) ?? []
    const again = known.length > 0 && random() < SECOND_ORDER
    const customer = again ? known[Math.floor(random() * known.length)] : { n: events.length, business: integration.businessId }
    if (!again) customersOf.set(integration.businessId, [...known, customer])
    const amountPaise = 4_900 + Math.floor(random() * 250_000)
    const badSignature = random() < BAD_SIGNATURE
    events.push({
      integration,
      customer,
      amountPaise,
      badSignature,
      replay: !badSignature && random() < REPLAYED,
      delivery: sampleDelivery(
        integration.provider,
        integration.trigger,
        badSignature ? 'not-the-key' : integration.secret,
        {
          firstName: 'Customer',
          lastName: String(customer.n),
          phone: `97${String(customer.n).padStart(8, '0')}`,
          email: `customer${customer.n}@bench.example`,
        },
        amountPaise
      ),
    })
  }
  return events
}

async function post(worker, integration, delivery, signal) {
  const started = performance.now()
  try {
    const response = await fetch(`${worker.base}/api/integrations/hooks/${integration.provider}/${integration.token}`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.raw,
      signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
    })
    const text = await response.text()
    let outcome = null
    try {
      outcome = JSON.parse(text).outcome ?? null
    } catch {}
    return { status: response.status, outcome, text, ms: performance.now() - started }
  } catch (error) {
    const reason = error?.cause?.code ?? error?.name ?? String(error)
    return { status: 0, reason, refused: reason === 'ECONNREFUSED', ms: performance.now() - started }
  }
}

/** Every event (and its replays), `concurrency` in flight over the workers; the second is killed at KILL_AFTER. */
async function deliverAll({ events, workers, concurrency, attempts, signal }) {
  const pending = events.map((event) => ({ event, replay: false }))
  const stats = { answers: {}, answerMs: [], failures: {}, unanswered: 0, answered: 0, killedAt: null, lastAt: 0 }
  let turn = 0
  const pick = (previous) => {
    const alive = workers.filter((worker) => !worker.refusing)
    const others = alive.filter((worker) => worker !== previous)
    return previous && others.length ? others[0] : (alive[turn++ % alive.length] ?? null)
  }
  async function deliver(item) {
    let previous = null
    for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
      const worker = pick(previous)
      if (!worker) break
      const answer = await post(worker, item.event.integration, item.event.delivery, signal)
      if (answer.status === 200 || answer.status === 401) {
        stats.answerMs.push(answer.ms)
        stats.answered++
        stats.lastAt = performance.now()
        const key = `${item.replay ? 'replay' : 'first'}: ${answer.status === 401 ? '401' : answer.outcome}`
        stats.answers[key] = (stats.answers[key] ?? 0) + 1
        item.event.accepted ||= answer.status === 200 && !item.replay
        if (answer.status === 200 && item.event.badSignature) stats.badAccepted = (stats.badAccepted ?? 0) + 1
        return true
      }
      const failure = answer.status ? `HTTP ${answer.status}` : answer.reason
      stats.failures[failure] = (stats.failures[failure] ?? 0) + 1
      if (answer.status >= 500 && stats.failures[failure] <= 3)
        log(`${worker.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`)
      if (answer.refused) worker.refusing = true
      previous = worker
      await sleep(Math.min(1000, 50 * 2 ** (attempt - 1)))
    }
    stats.unanswered++
    return false
  }
  const startedAt = performance.now()
  let inFlight = 0
  const lane = async () => {
    while (!signal.aborted) {
      const item = pending.shift()
      if (!item) {
        if (!inFlight) return
        await sleep(5)
        continue
      }
      inFlight++
      try {
        const done = await deliver(item)
        // The provider's retry of a delivered event, a little later among the others.
        if (done && !item.replay && item.event.replay)
          pending.splice(Math.min(pending.length, concurrency * 2), 0, { ...item, replay: true })
        if (!stats.killedAt && stats.answered >= events.length * KILL_AFTER) {
          stats.killedAt = { answered: stats.answered, ms: performance.now() - startedAt }
          workers[1].proc.child.kill('SIGKILL')
          log(`killed ${workers[1].name} after ${stats.answered} answers`)
        }
      } finally {
        inFlight--
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  return { stats, startedAt }
}

/** The requests the database holds against the customers that should have one. */
async function check(db, events) {
  const eligible = new Set()
  const known = new Set()
  for (const event of events) {
    const key = `${event.integration.businessId}:customer${event.customer.n}@bench.example`
    known.add(key)
    if (event.accepted && event.amountPaise >= event.integration.minAmountPaise) eligible.add(key)
  }
  const [rows] = await db.query(
    `SELECT r.business_id, c.email, COUNT(*) AS requests FROM review_requests r JOIN customers c ON c.id = r.customer_id
      WHERE r.source = 'integration' GROUP BY r.business_id, c.email`
  )
  const result = { scheduled: 0, duplicates: 0, missing: 0, unexpected: 0, eligible: eligible.size, customers: known.size }
  const found = new Set()
  for (const row of rows) {
    const key = `${row.business_id}:${row.email}`
    found.add(key)
    result.scheduled += Number(row.requests)
    if (Number(row.requests) > 1) result.duplicates++
    if (!eligible.has(key)) result.unexpected++
  }
  for (const key of eligible) if (!found.has(key)) result.missing++
  const [[{ events: logged }]] = await db.query('SELECT COUNT(*) AS events FROM integration_events')
  result.logged = Number(logged)
  return result
}

const ms = (value) => `${value.toFixed(1)} ms`

export async function run() {
  const s = settings()
  ensureBackendBuild()
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: DATABASE,
    redisPort: s.redisPort,
    queuePrefix: 'rr-bench-int',
    mailPrefix: 'rr-bench-int-mail-',
    APP_URL: loopback(s.port),
    // A request's transaction also reads the workspace's billing on a second connection: 16 in flight per API need
    // more than the default 10 (docs/capacity.md).
    DB_POOL_MAX: process.env.BENCH_INT_DB_POOL_MAX ?? '24',
  })
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
      const { providers, sampleDelivery } = await backendParts()
      const integrations = await seed(base, db, env.APP_KEY, s.businesses, providers)
      const events = plan(integrations, s.events, sampleDelivery)
      log(`${integrations.length} businesses with an integration; sending ${events.length} events`)
      const { stats, startedAt } = await deliverAll({ ...s, events, workers, signal })
      const seconds = (stats.lastAt - startedAt) / 1000
      const found = await check(db, events)
      const replays = events.filter((event) => event.replay).length
      const bad = events.filter((event) => event.badSignature).length
      const answers = Object.entries(stats.answers)
        .sort()
        .map(([key, count]) => `${key} ${count}`)
        .join(', ')
      const failures =
        Object.entries(stats.failures)
          .map(([key, count]) => `${key} ${count}`)
          .join(', ') || 'none'
      console.log(
        `\nIntegrations: ${events.length} signed events for ${integrations.length} businesses (5 providers), ` +
          `${replays} replayed, ${bad} with a wrong signature, over 2 API processes (${s.concurrency} in flight), one killed mid-run`
      )
      console.log(`  answered                  ${stats.answered}; not answered ${stats.unanswered}; failed attempts: ${failures}`)
      console.log(`  answers                   ${answers}`)
      console.log(
        `  killed                    ${workers[1].name} (SIGKILL) after ${stats.killedAt?.answered ?? '-'} answers, ` +
          `${((stats.killedAt?.ms ?? 0) / 1000).toFixed(1)} s in`
      )
      console.log(
        `  events a second           ${(stats.answered / seconds).toFixed(1)}  (${stats.answered} answers in ${seconds.toFixed(1)} s)`
      )
      console.log(`  event → answer            ${spread(stats.answerMs, [50, 95, 99], ms)}`)
      console.log(
        `  requests scheduled        ${found.scheduled} for ${found.eligible} eligible customers (of ${found.customers}); ` +
          `${found.logged} events logged`
      )
      console.log(`  duplicates                ${found.duplicates}  (customers with more than one request)`)
      console.log(`  missing                   ${found.missing}  (eligible customers without a request)`)
      console.log(`  unexpected                ${found.unexpected}  (requests for customers not eligible)`)
      console.log(`  wrong signatures accepted ${stats.badAccepted ?? 0}`)
      const ok = !found.duplicates && !found.missing && !found.unexpected && !stats.badAccepted && !stats.unanswered
      console.log(`  correctness               ${ok ? 'OK' : 'FAILED'}`)
      return { ok, seconds, stats, found }
    })
  } finally {
    await db?.end().catch(() => {})
    for (const worker of workers.reverse()) await worker.proc.stop()
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
  }
}

runAsScript(import.meta, run)
