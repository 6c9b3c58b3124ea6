/*
 * Fault: a worker is SIGKILLed in the middle of sending review requests (docs/decisions.md D52). The compiled API
 * and two worker processes run against a real SMTP server (smtp-server) and a stub of the WhatsApp Cloud API on
 * loopback, both slow: each takes the message at once and answers SLOW_MS later, so sends are in flight. Worker B
 * starts alone; 20 requests are created (12 by email, 8 by WhatsApp Business); when B has WORKER_CONCURRENCY
 * messages in flight it is SIGKILLed and worker A starts. A mail whose sender died before the server's answer is
 * lost (what the replica test saw: the customer never got it); a WhatsApp message the stub had is sent (Meta sends
 * what it accepted: the worst case for duplicates, the customer has it but B never learnt so). A's stalled check (QUEUE_STALLED_SECONDS) takes back B's jobs; they
 * find their requests under B's live lease and wait for it (SEND_LEASE_SECONDS); a sweep job is added after the
 * lease too, so the sweep and the retried jobs go for the same rows.
 *
 * Asserted: every customer got at least one message (the lost mails were sent again); every request ends `sent`
 * with the provider's id (the Message-ID or the wamid); the messages sent twice are counted and reported, at most
 * the number in flight at the kill, and each second message carries the same biz_opaque_callback_data as the first
 * (a resend is recognisable).
 *
 * Own database (reviewroute_faults_sends), own queue prefix on the shared Redis (FAULTS_SENDS_REDIS_PORT), API on
 * 3388 (FAULTS_SENDS_API_PORT); loopback only. Exported `runWorkerCrashScenario` runs it for another harness.
 */
import { before, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { SMTPServer } from 'smtp-server'
import { Redis } from 'ioredis'
import { Queue } from 'bullmq'
import { apiEnv, ensureBackendBuild, ownerWithBusiness, pool, request, startWorker, until } from '../lib/compiled-api.mjs'
import { connectWhatsApp, startFaultApi } from './support.mjs'
import { json, startStubServer } from '../lib/stub-server.mjs'

const DATABASE = 'reviewroute_faults_sends'
const API_PORT = Number(process.env.FAULTS_SENDS_API_PORT ?? 3388)
const QUEUE_PREFIX = 'rr-faults-sends'
/** 12 by email and 8 by WhatsApp Business. */
const REQUESTS = 20
/** Each server answers a message this long after it has it. */
const SLOW_MS = 2500
const CONCURRENCY = 5
const LEASE_SECONDS = 8
const STALLED_SECONDS = 2
const WHATSAPP_VERSION = 'v21.0'
const PHONE_NUMBER_ID = '106540352242922'
const REDIS_PORT = Number(process.env.FAULTS_SENDS_REDIS_PORT ?? 6379)

/** Forgets the jobs of an earlier run (their ids would stop this run's jobs of the same request ids). */
async function clearQueues(redis, queuePrefix) {
  const client = new Redis(redis)
  try {
    const keys = await client.keys(`${queuePrefix}:*`)
    if (keys.length) await client.del(...keys)
  } finally {
    client.disconnect()
  }
}

/**
 * What the two servers had: per customer (address or number) the id of each message delivered, how many were
 * taken and not answered yet, and the mails lost with the killed worker's connection.
 */
const seen = { byCustomer: new Map(), inFlight: 0, received: 0, lostMails: 0 }

const delivered = (customer, id) => seen.byCustomer.set(customer, [...(seen.byCustomer.get(customer) ?? []), id])

/**
 * A real SMTP server that answers review-request mails slowly and delivers one only when its client is still there
 * for the answer (a mail whose sender died before the 250 is lost, as the replica test saw), by recipient with
 * its Message-ID.
 */
async function slowSmtp() {
  const closed = new Set()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id)
    },
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const header = (name) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1].trim() ?? ''
        if (header('X-ReviewRoute-Mail') !== 'review-request') return callback()
        seen.received++
        seen.inFlight++
        setTimeout(() => {
          seen.inFlight--
          if (closed.has(session.id)) seen.lostMails++
          else delivered(header('To').replace(/^.*<|>$/g, ''), header('Message-ID'))
          callback()
        }, SLOW_MS)
      })
    },
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * The Cloud API stub: a template message counts as sent once it has it (Meta sends what it accepted, whether or not
 * the caller hears back), by number with its callback data; it answers slowly.
 */
async function slowWhatsApp(recorded, response) {
  const body = JSON.parse(recorded.body)
  delivered(body.to, body.biz_opaque_callback_data ?? '')
  const id = `wamid.FAULT${++seen.received}`
  seen.inFlight++
  await sleep(SLOW_MS)
  seen.inFlight--
  json(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] })
}

/**
 * Runs the scenario and answers its numbers; `log(line)` gets progress. For this file's test and for a harness
 * that runs it on its own ports, database (a reviewroute_faults*, _bench* or _replicas* name) and queue prefix.
 */
export async function runWorkerCrashScenario({
  log = () => {},
  apiPort = API_PORT,
  database = DATABASE,
  queuePrefix = QUEUE_PREFIX,
  redisPort = REDIS_PORT,
} = {}) {
  Object.assign(seen, { byCustomer: new Map(), inFlight: 0, received: 0, lostMails: 0 })
  const base = `http://127.0.0.1:${apiPort}`
  const redis = { host: '127.0.0.1', port: redisPort }
  const smtp = await slowSmtp()
  const stub = await startStubServer(slowWhatsApp)
  const env = apiEnv({
    PORT: String(apiPort),
    DB_DATABASE: database,
    REDIS_PORT: String(redisPort),
    QUEUE_PREFIX: queuePrefix,
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'off',
    WORKER_CONCURRENCY: String(CONCURRENCY),
    REQUEST_QUIET_HOURS: 'off',
    REQUEST_SEND_PER_MINUTE: '100000',
    SEND_LEASE_SECONDS: String(LEASE_SECONDS),
    QUEUE_STALLED_SECONDS: String(STALLED_SECONDS),
    WHATSAPP_API_BASE_URL: stub.url,
    WHATSAPP_API_VERSION: WHATSAPP_VERSION,
  })
  const processes = []
  let db
  try {
    await clearQueues(redis, queuePrefix)
    const started = await startFaultApi(base, env, { worker: true })
    db = started.db
    const workerB = started.worker
    processes.push(started.api, workerB)
    assert.equal(started.health.status, 200)
    const owner = await ownerWithBusiness(base)
    await connectWhatsApp(base, owner.token, { phoneNumberId: PHONE_NUMBER_ID, accessToken: 'EAAG-fault-token-0123456789' })
    // Worker B is up once it has taken its first jobs; the requests go out in one burst.
    const customers = Array.from({ length: REQUESTS }, (_, i) =>
      // Three by email, two by WhatsApp, in turn: B's first sends are of both kinds.
      i % 5 < 3 ? { name: `Mail ${i}`, email: `customer${i}@example.test` } : { name: `Phone ${i}`, phone: `98450${String(20000 + i)}` }
    )
    const created = await pool(customers.length, 5, (i) =>
      request(base, 'POST', '/api/review-requests', {
        token: owner.token,
        body: {
          businessId: owner.business.id,
          customer: { ...customers[i], consent: true },
          channel: customers[i].email ? 'email' : 'whatsapp',
        },
      })
    )
    assert.deepEqual(
      created.filter((response) => response.status !== 201).map((response) => response.text),
      []
    )

    // B has CONCURRENCY messages in flight: kill it, and start A.
    const full = await until(() => seen.inFlight >= CONCURRENCY, { timeoutMs: 30_000, everyMs: 20 })
    assert.ok(full, `worker B never had ${CONCURRENCY} sends in flight:\n${workerB.output()}`)
    const inFlightAtKill = seen.inFlight
    const killedAt = Date.now()
    workerB.child.kill('SIGKILL')
    await workerB.exited
    log(`worker B SIGKILLed with ${inFlightAtKill} sends in flight (${seen.received} messages received so far)`)
    const [[{ sending }]] = await db.query(`SELECT COUNT(*) AS sending FROM review_requests WHERE status = 'sending'`)
    const workerA = startWorker(env)
    processes.push(workerA)

    // After the lease, the sweep runs too (as its 10-minute schedule would).
    await sleep(LEASE_SECONDS * 1000 + 500)
    const queue = new Queue('review-request-send', { connection: redis, prefix: queuePrefix })
    await queue.add('review-request-send', {})
    await queue.close()

    const total = customers.length
    const allSent = await until(
      async () => {
        const [[row]] = await db.query(`SELECT SUM(status = 'sent' AND provider_message_id IS NOT NULL) AS sent FROM review_requests`)
        return Number(row.sent) === total && seen.inFlight === 0
      },
      { timeoutMs: 40_000, everyMs: 250 }
    )
    const recoveredInMs = Date.now() - killedAt
    // Anything still to come (a third send) would arrive within one more answer time.
    await sleep(SLOW_MS + 500)
    const [rows] = await db.query('SELECT status, provider_message_id FROM review_requests ORDER BY id')
    const counts = customers.map((customer) => {
      const key = customer.email ?? `91${customer.phone}`
      return { customer: key, ids: seen.byCustomer.get(key) ?? [] }
    })
    return {
      total,
      inFlightAtKill,
      sendingAtKill: Number(sending),
      allSent: Boolean(allSent),
      recoveredInMs,
      statuses: rows.map((row) => row.status),
      counts,
      missing: counts.filter((count) => count.ids.length === 0).map((count) => count.customer),
      duplicates: counts.filter((count) => count.ids.length > 1),
      messages: seen.received,
      lostMails: seen.lostMails,
      workerA: workerA.output(),
    }
  } finally {
    await Promise.allSettled(processes.map((proc) => proc.stop()))
    await db?.end().catch(() => {})
    await stub.close()
    await smtp.close()
  }
}

before(() => ensureBackendBuild())

test('a worker SIGKILLed mid-send: every customer gets their review request, duplicates at most the sends in flight', async (t) => {
  const result = await runWorkerCrashScenario({ log: (line) => t.diagnostic(line) })
  t.diagnostic(
    `${result.total} requests, ${result.inFlightAtKill} in flight at the kill (${result.sendingAtKill} rows sending), ` +
      `${result.messages} messages in all: ${result.lostMails} mails lost with the worker, ` +
      `${result.duplicates.length} customers got a second message; all sent ${result.recoveredInMs} ms after the kill`
  )

  for (const count of result.duplicates) t.diagnostic(`sent twice: ${count.customer} ${count.ids.join(' ')}`)

  await t.test('the scenario happened: sends in flight at the kill, left `sending`', () => {
    assert.ok(result.inFlightAtKill >= CONCURRENCY)
    assert.ok(result.sendingAtKill >= 1, 'no request was left sending by the killed worker')
  })

  await t.test('every customer got at least one message; every request is sent with the provider id', () => {
    assert.deepEqual(result.missing, [])
    assert.ok(result.allSent, `statuses: ${result.statuses.join(', ')}\n${result.workerA.slice(-3000)}`)
  })

  await t.test('second messages are at most the sends in flight, and carry the first one’s id', () => {
    assert.ok(result.duplicates.length <= result.inFlightAtKill, JSON.stringify(result.duplicates))
    const seconds = result.duplicates.reduce((sum, count) => sum + count.ids.length - 1, 0)
    assert.equal(result.messages, result.total + seconds + result.lostMails)
    for (const count of result.duplicates) {
      assert.ok(
        count.ids.every((id) => id && id === count.ids[0]),
        JSON.stringify(count)
      )
    }
  })
})
