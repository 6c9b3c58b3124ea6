#!/usr/bin/env node
/*
 * npm run bench:alert-latency: how soon an owner hears of a low rating on their phone. A customer's 2-star rating
 * with feedback, stored by POST /api/review/:code/submit, is alerted by the feedback alert job
 * (backend/app/jobs/feedback_alert_job.ts, send_member_alerts.ts): push first to the owner's devices; WhatsApp from
 * ReviewRoute's own number at once when the owner has no device (with a device it waits PUSH_FALLBACK_MINUTES for
 * the push to be opened). Measured, each from the rating's 200 (the row is stored before it):
 *   (a) push      – until the Web Push request reaches the loopback push service (scripts/lib/push-service-stub.mjs,
 *                   which checks its VAPID JWT and decrypts it: `received[].at`);
 *   (b) WhatsApp  – until the template send reaches the loopback Graph stub (scripts/lib/whatsapp-stub.mjs:
 *                   `messages[].sentAt`).
 * Two phases of BENCH_ALERT_RATINGS (500) ratings each, at BENCH_ALERT_RATE (20) a second: first owners with a
 * device (push measured; their WhatsApp waiting for the fallback is checked, not sent), then owners without one
 * (WhatsApp measured). Every owner runs one business and gets one rating (a business's second low rating within
 * 10 minutes waits for the 10-minute sweep by design); all chose feedback alerts by push and WhatsApp, instant,
 * with a proved WhatsApp number. One compiled API and two workers (`ace queue:work`), on their own database
 * (reviewroute_bench_alerts, dropped at the end), Redis (BENCH_ALERT_REDIS_PORT=6398, stopped at the end), queue
 * prefix and port (BENCH_ALERT_PORT=3392); the alert templates made by `ace whatsapp:platform-templates` and
 * approved by the stub's webhooks; the stub's certificate trusted with NODE_EXTRA_CA_CERTS; loopback only.
 *
 * Prints per path: sent / expected, duplicates, lost, p50/p90/p99/max, the submit rate, the target (p99 ≤ 5 s) and
 * whether it was met, and the load average (the numbers depend on what else the machine runs). The timings are only
 * printed; it exits 1 when something broke: a rating refused, an alert lost or sent twice, a WhatsApp message that
 * should have waited, an alert whose delivery or WhatsApp fallback the database did not record (member_alerts,
 * member_alert_deliveries), or the run not finishing within BENCH_ALERT_TIMEOUT_MS (5 minutes). The warnings the API
 * and workers log are counted and printed.
 */
import { createHash } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import webpush from 'web-push'
import { clearOwnApiEnv, ensureBackendBuild, mysqlConnection, request, startApi, startNode, startWorker } from '../lib/compiled-api.mjs'
import { percentile } from '../lib/bench.mjs'
import { startPushService } from '../lib/push-service-stub.mjs'
import { startWhatsAppStub } from '../lib/whatsapp-stub.mjs'
import { freshStores, healthy, overdue, runAsScript, spread, whatsAppBenchEnv, withinTimeout } from './own-api-run.mjs'

const DATABASE = 'reviewroute_bench_alerts'
const WABA_ID = '102290129340512'
const PHONE_NUMBER_ID = '106540352242512'
const PLATFORM_TOKEN = 'EAABenchAlertLatencyPlatformToken0123456789'
const TARGET_MS = 5000
const FEEDBACK = 'Waited 40 minutes and the order was wrong.'

const settings = () => ({
  ratings: Number(process.env.BENCH_ALERT_RATINGS ?? 500),
  rate: Number(process.env.BENCH_ALERT_RATE ?? 20),
  port: Number(process.env.BENCH_ALERT_PORT ?? 3392),
  redisPort: Number(process.env.BENCH_ALERT_REDIS_PORT ?? 6398),
  timeoutMs: Number(process.env.BENCH_ALERT_TIMEOUT_MS ?? 5 * 60_000),
  /** How long after a phase's last rating its alerts may still come. */
  drainMs: Number(process.env.BENCH_ALERT_DRAIN_MS ?? 60_000),
})

const log = (line) => console.error(`[alert-latency] ${line}`)
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')

/** An ace command of the build, run without blocking this process (the stubs it talks to live here). */
async function aceAsync(args, env) {
  const proc = startNode(['ace.js', ...args], env, { name: `ace ${args[0]}` })
  const { code } = await proc.exited
  if (code !== 0) throw new Error(`ace ${args.join(' ')} failed:\n${proc.output()}`)
}

/**
 * `count` owners from number `first` on, each with a personal workspace on a trial, one business (code al<user id>)
 * and a proved WhatsApp number (+9197 and 8 digits); feedback alerts instant by push and WhatsApp. `push` (the push
 * stub, or null): each also gets a device there, subscribed with the API's VAPID key as a browser would.
 */
async function seedOwners(db, { first, count, push, vapidPublicKey }) {
  const now = new Date()
  const week = new Date(now.getTime() + 7 * 86_400_000)
  const channels = JSON.stringify({ feedback: ['push', 'whatsapp'] })
  await db.query(
    `INSERT INTO users (email, first_name, last_name, trial_starts_at, trial_ends_at, email_verified_at, feedback_alerts,
       alert_channels, whatsapp_alert_phone, whatsapp_alert_verified_at, created_at, updated_at)
     SELECT CONCAT('alert-owner-', seq, '@example.test'), 'Alert', CONCAT('Owner ', seq), ?, ?, ?, 'instant', ?,
       CONCAT('+9197', LPAD(seq, 8, '0')), ?, ?, ? FROM seq_${first}_to_${first + count - 1}`,
    [now, week, now, channels, now, now, now]
  )
  const [users] = await db.query(
    `SELECT u.id, u.whatsapp_alert_phone AS phone FROM users u
       JOIN seq_${first}_to_${first + count - 1} s ON u.email = CONCAT('alert-owner-', s.seq, '@example.test') ORDER BY u.id`
  )
  const ids = users.map((user) => user.id)
  await db.query(
    `INSERT INTO workspaces (name, kind, created_by_user_id, created_at, updated_at)
     SELECT CONCAT('Alert Shop ', id), 'personal', id, created_at, created_at FROM users WHERE id IN (?)`,
    [ids]
  )
  await db.query(
    `INSERT INTO workspace_members (workspace_id, user_id, role, created_at, updated_at)
     SELECT id, created_by_user_id, 'owner', created_at, created_at FROM workspaces WHERE created_by_user_id IN (?)`,
    [ids]
  )
  await db.query(
    `INSERT INTO businesses (user_id, workspace_id, place_id, name, address, rating, review_count, short_url, google_review_url,
       compliance_mode, created_at)
     SELECT created_by_user_id, id, CONCAT('alert-place-', id), name, 'Bengaluru', 4.2, 80, CONCAT('al', created_by_user_id),
       CONCAT('https://search.google.com/local/writereview?placeid=alert-place-', id), 0, created_at
     FROM workspaces WHERE created_by_user_id IN (?)`,
    [ids]
  )
  const owners = users.map((user) => ({ userId: user.id, code: `al${user.id}`, to: user.phone.slice(1), endpoint: null }))
  if (!push) return owners
  const devices = owners.map((owner) => {
    const { endpoint, keys } = push.subscribe({ label: `owner ${owner.userId}`, applicationServerKey: vapidPublicKey })
    owner.endpoint = endpoint
    return [owner.userId, endpoint, createHash('sha256').update(endpoint).digest('hex'), keys.p256dh, keys.auth, 'Bench phone', now]
  })
  await db.query('INSERT INTO push_subscriptions (user_id, endpoint, endpoint_hash, p256dh, auth, label, created_at) VALUES ?', [devices])
  return owners
}

/** One 2-star rating with feedback for each owner's business, `rate` a second (at most 64 in flight). */
async function rateAll(base, owners, rate, signal) {
  const results = []
  let inFlight = 0
  const started = performance.now()
  for (const [i, owner] of owners.entries()) {
    if (signal.aborted) break
    const due = started + (i * 1000) / rate
    while (performance.now() < due || inFlight >= 64) await sleep(Math.max(1, Math.min(20, due - performance.now())))
    inFlight++
    const sentAt = Date.now()
    results.push(
      request(base, 'POST', `/api/review/${owner.code}/submit`, { body: { rating: 2, feedback: FEEDBACK } }).then((answer) => {
        inFlight--
        const answered = { owner, sentAt, storedAt: Date.now(), counted: answer.json?.counted === true }
        return { ...answered, refusal: answered.counted ? null : `${answer.status} ${answer.text.slice(0, 200)}` }
      })
    )
  }
  const rated = await Promise.all(results)
  return { rated, seconds: (performance.now() - started) / 1000 }
}

/** The arrivals on a path by recipient (`key` field: endpoint or number): key → [ms since the epoch]. */
function arrivalsBy(entries, key, time) {
  const by = new Map()
  for (const entry of entries) by.set(entry[key], [...(by.get(entry[key]) ?? []), entry[time].getTime()])
  return by
}

/** Waits until every counted rating's owner got something on the path, or `drainMs` passes. */
async function drain(rated, arrived, drainMs, signal) {
  const deadline = Date.now() + drainMs
  while (Date.now() < deadline && !signal.aborted) {
    if (rated.every((r) => !r.counted || arrived(r.owner))) return
    await sleep(100)
  }
}

/** Latencies, duplicates and losses of one path: each counted rating against its owner's arrivals. */
function measure(rated, arrivals, key) {
  const fromStored = []
  const fromSent = []
  let duplicates = 0
  let lost = 0
  for (const r of rated.filter((r) => r.counted)) {
    const times = arrivals.get(r.owner[key]) ?? []
    if (!times.length) lost++
    duplicates += Math.max(0, times.length - 1)
    if (!times.length) continue
    fromStored.push(Math.min(...times) - r.storedAt)
    fromSent.push(Math.min(...times) - r.sentAt)
  }
  return { fromStored, fromSent, duplicates, lost, arrived: fromStored.length }
}

const ms = (value) => (value === undefined ? '-' : `${Math.round(value)} ms`)
const timings = (values) => spread(values, [50, 90, 99], ms)
const byValue = (a, b) => a - b

/** What the database recorded of the owners' alerts: rows, sent deliveries per channel, WhatsApp waiting for push. */
async function recorded(db, owners) {
  const sent = (channel) =>
    `SUM(EXISTS(SELECT 1 FROM member_alert_deliveries d WHERE d.member_alert_id = a.id AND d.channel = '${channel}' AND d.status = 'sent'))`
  const [[row]] = await db.query(
    `SELECT COUNT(*) AS alerts, ${sent('push')} AS push, ${sent('whatsapp')} AS whatsapp, SUM(a.whatsapp_due_at IS NOT NULL) AS waiting
       FROM member_alerts a WHERE a.kind = 'feedback' AND a.user_id IN (?)`,
    [owners.map((owner) => owner.userId)]
  )
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)]))
}

/** Counts the warnings and errors a process logs (pino's JSON lines), by message; deadlocks apart. */
function countWarnings(proc, counts) {
  let rest = ''
  proc.child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop()
    for (const line of lines) {
      if (!/"level":(40|50|60)/.test(line)) continue
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? 'unparsed'
      counts[msg] = (counts[msg] ?? 0) + 1
      if (line.includes('ER_LOCK_DEADLOCK')) counts['(of them, deadlocks)'] = (counts['(of them, deadlocks)'] ?? 0) + 1
    }
  })
}

/** One path's lines; answers whether nothing broke (every rating stored, every alert sent once). */
function report(label, phase, path, sent, rate) {
  const counted = phase.rated.filter((r) => r.counted).length
  const refused = phase.rated.length - counted
  const p99 = percentile(path.fromStored.toSorted(byValue), 99)
  const met = path.fromStored.length > 0 && p99 <= TARGET_MS
  console.log(`  ${label}`)
  console.log(
    `    ratings                 ${phase.rated.length} sent at ${(phase.rated.length / phase.seconds).toFixed(1)}/s ` +
      `(asked ${rate}/s); ${counted} stored, ${refused} refused or not counted`
  )
  if (refused) console.log(`    first refusal           ${phase.rated.find((r) => r.refusal).refusal}`)
  console.log(`    submit → 200            ${timings(phase.rated.map((r) => r.storedAt - r.sentAt))}`)
  console.log(`    ${sent.padEnd(23)} ${path.arrived} / ${counted} expected; duplicates ${path.duplicates}, lost ${path.lost}`)
  console.log(`    200 → request in        ${timings(path.fromStored)}`)
  console.log(`    submit → request in     ${timings(path.fromSent)}`)
  console.log(
    `    target                  p99 ≤ ${TARGET_MS} ms (from the 200): ${met ? 'met' : 'NOT met'}; ` +
      `p99 is ${(p99 / TARGET_MS).toFixed(3)} of it`
  )
  return refused === 0 && path.lost === 0 && path.duplicates === 0
}

export async function run() {
  const s = settings()
  ensureBackendBuild()
  const vapid = webpush.generateVAPIDKeys()
  const push = await startPushService({ vapidPublicKey: vapid.publicKey })
  const stub = await startWhatsAppStub({
    accessTokens: [PLATFORM_TOKEN],
    numbers: [{ id: PHONE_NUMBER_ID, wabaId: WABA_ID, displayPhoneNumber: '+91 80450 00000', verifiedName: 'ReviewRoute' }],
  })
  const { env, base, mailDir } = whatsAppBenchEnv({
    name: 'alerts',
    port: s.port,
    database: DATABASE,
    redisPort: s.redisPort,
    stub,
    REQUEST_QUIET_HOURS: 'off',
    WHATSAPP_PLATFORM_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_PLATFORM_WABA_ID: WABA_ID,
    WHATSAPP_PLATFORM_TOKEN: PLATFORM_TOKEN,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@reviewroute.in',
    PUSH_SERVICE_ORIGINS: push.url,
    NODE_EXTRA_CA_CERTS: push.caFile,
  })
  const procs = []
  const warnings = {}
  let db
  try {
    return await withinTimeout(s.timeoutMs, async (signal) => {
      const loadBefore = load()
      await freshStores(env, log)
      procs.push(startApi(env), startWorker(env), startWorker(env))
      for (const proc of procs) countWarnings(proc, warnings)
      await healthy(base, procs[0])
      await aceAsync(['whatsapp:platform-templates'], env)
      const approvals = await stub.approveAll(base)
      if (!approvals.length || approvals.some((answer) => answer.status !== 200)) throw new Error('the alert templates were not approved')
      log(`${approvals.length} alert templates made and approved on the platform number`)

      db = await mysqlConnection(DATABASE)
      const owners = (first, count, device) => seedOwners(db, { first, count, push: device ? push : null, vapidPublicKey: vapid.publicKey })
      // One owner of each kind first: the whole chain (workers up, templates, trust) works before the timing starts.
      const warm = [...(await owners(0, 1, true)), ...(await owners(1, 1, false))]
      const withDevice = await owners(10, s.ratings, true)
      const without = await owners(10 + s.ratings, s.ratings, false)
      log(`seeded ${withDevice.length} owners with a device and ${without.length} without; warming up`)
      const warmed = await rateAll(base, warm, s.rate, signal)
      const pushedTo = () => new Set(push.received.map((entry) => entry.endpoint))
      const whatsappedTo = () => new Set(stub.messages.map((message) => message.to))
      await drain(warmed.rated.slice(0, 1), (owner) => pushedTo().has(owner.endpoint), 60_000, signal)
      await drain(warmed.rated.slice(1), (owner) => whatsappedTo().has(owner.to), 60_000, signal)
      if (!pushedTo().has(warm[0].endpoint) || !whatsappedTo().has(warm[1].to)) {
        throw new Error(
          `the warm-up alerts did not arrive:\n${procs.map((proc) => `[${proc.name}] ${proc.output().slice(-3000)}`).join('\n')}`
        )
      }

      log(`phase 1: ${s.ratings} ratings for owners with a device (push)`)
      const pushPhase = await rateAll(base, withDevice, s.rate, signal)
      await drain(pushPhase.rated, (owner) => pushedTo().has(owner.endpoint), s.drainMs, signal)
      log(`phase 2: ${s.ratings} ratings for owners without a device (WhatsApp)`)
      const whatsappPhase = await rateAll(base, without, s.rate, signal)
      await drain(whatsappPhase.rated, (owner) => whatsappedTo().has(owner.to), s.drainMs, signal)
      if (signal.aborted) throw overdue(s.timeoutMs)

      const pushes = measure(pushPhase.rated, arrivalsBy(push.received, 'endpoint', 'at'), 'endpoint')
      const alertsSent = stub.messages.filter((message) => message.template)
      const whatsapps = measure(whatsappPhase.rated, arrivalsBy(alertsSent, 'to', 'sentAt'), 'to')
      const deviceNumbers = new Set(withDevice.map((owner) => owner.to))
      const early = stub.messages.filter((message) => deviceNumbers.has(message.to)).length
      const pushRows = await recorded(db, withDevice)
      const whatsappRows = await recorded(db, without)
      const refusedPushes = push.requests.filter((entry) => entry.status !== 201).length
      const templates = [...new Set(alertsSent.map((message) => message.template.name))].join(', ')
      const loadAfter = load()

      console.log(`\nLow-rating alert latency: 2 × ${s.ratings} two-star ratings, one per business, 1 API + 2 workers`)
      const pushOk = report('(a) Web Push, owners with a device', pushPhase, pushes, 'pushes received', s.rate)
      console.log(
        `    recorded                ${pushRows.alerts} alerts; push delivery 'sent' on ${pushRows.push}; WhatsApp fallback ` +
          `scheduled on ${pushRows.waiting}; WhatsApp sent early ${early}; pushes refused by the service ${refusedPushes}`
      )
      const whatsappOk = report('(b) WhatsApp, owners without a device', whatsappPhase, whatsapps, 'WhatsApp sends', s.rate)
      console.log(
        `    recorded                ${whatsappRows.alerts} alerts; WhatsApp delivery 'sent' on ${whatsappRows.whatsapp}; ` +
          `templates sent: ${templates || '-'}`
      )
      const logged = Object.entries(warnings).map(([msg, count]) => `${count} × ${msg}`)
      console.log(`  API/worker warnings       ${logged.join('; ') || 'none'}`)
      console.log(`  machine                   ${cpus().length} cores; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after`)
      const pushRecorded = [pushRows.alerts, pushRows.push, pushRows.waiting].every((n) => n === pushes.arrived)
      const whatsappRecorded = whatsappRows.alerts === whatsapps.arrived && whatsappRows.whatsapp === whatsapps.arrived
      const ok = pushOk && whatsappOk && early === 0 && refusedPushes === 0 && pushRecorded && whatsappRecorded
      console.log(`  correctness               ${ok ? 'OK' : 'FAILED'}`)
      return { ok }
    })
  } finally {
    await db?.end().catch(() => {})
    for (const proc of procs.reverse()) await proc.stop()
    await push.close().catch(() => {})
    await stub.close().catch(() => {})
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
    const admin = await mysqlConnection(undefined)
    await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``).finally(() => admin.end())
  }
}

runAsScript(import.meta, run)
