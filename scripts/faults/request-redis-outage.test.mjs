/*
 * Fault: Redis stops while review requests are being sent by WhatsApp Business. The compiled API and worker run
 * against a redis-server of our own (no persistence) and a stub of the WhatsApp Cloud API on loopback that answers
 * each message after 150-250 ms, so sends are in flight. The owner connects WhatsApp and creates 45 requests:
 * 20 in a quick burst (more than the worker sends at once, so jobs wait in Redis); when the stub has received its
 * 15th message it stops Redis (`shutdown nosave`: the waiting jobs are lost with it) while holding the answers of
 * the messages in flight; 12 more are created during the ~3-4 s Redis is down (never enqueued); Redis comes back,
 * requests follow one a second until the API enqueues again, then the rest at once with a sweep job (`{}` on
 * `review-request-send`, as its schedule adds) ahead of their jobs, so the sweep and the requests' own jobs go for
 * the same rows; a last sweep run ends it.
 *
 * Asserted: every creation answered 201, also while Redis was down (and health said 503 meanwhile); the scenario
 * happened (sends in flight at the stop, requests created while Redis was down, a racing burst, the sweep sent at
 * least the never-enqueued ones, the worker restored the sweep's schedule); at the end every request is `sent` (or
 * later) with the message id the stub gave for its number, and the stub received exactly one message per request's
 * number: none twice, none missing, 45 in all.
 *
 * Own database (reviewroute_faults_requests), own Redis (6392, FAULTS_REQUESTS_REDIS_PORT), own queue prefix,
 * API on 3386 (FAULTS_REQUESTS_API_PORT); loopback only.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  clearOwnApiEnv,
  ensureBackendBuild,
  freshRedis,
  ownApiEnv,
  ownerWithBusiness,
  pool,
  redisCli,
  request,
  startRedis,
  stopRedis,
  until,
} from '../lib/compiled-api.mjs'
import { connectWhatsApp, startFaultApi } from './support.mjs'
import { json, startStubServer } from '../lib/stub-server.mjs'

const DATABASE = 'reviewroute_faults_requests'
const REDIS_PORT = Number(process.env.FAULTS_REQUESTS_REDIS_PORT ?? 6392)
const API_PORT = Number(process.env.FAULTS_REQUESTS_API_PORT ?? 3386)
const QUEUE_PREFIX = 'rr-faults-requests'
const QUEUE = 'review-request-send'
const PHONE_NUMBER_ID = '106540352242922'
const ACCESS_TOKEN = 'EAAG-faults-access-token-0123456789'
const WHATSAPP_VERSION = 'v21.0'
/** Created in a burst before the stop, while Redis is down, and after it is back (paced, then a last burst). */
const BURST = 20
const WHILE_DOWN = 12
const AFTER = 13
const TOTAL = BURST + WHILE_DOWN + AFTER
/** After the restart, one creation a second until the API enqueues again (its 5 s back-off); the rest race the sweep. */
const AFTER_PACED_MAX = AFTER - 4
const AFTER_PACE_MS = 1000
/** The stub's message that stops Redis (a third of all); its answer waits for the stop. */
const STOP_AT = 15
/** Paced so the requests created while Redis is down span ~3 s. */
const DOWN_PACE_MS = 150
const connection = { host: '127.0.0.1', port: REDIS_PORT }

const { env, base, mailDir } = ownApiEnv({
  port: API_PORT,
  database: DATABASE,
  redisPort: REDIS_PORT,
  queuePrefix: QUEUE_PREFIX,
  mailPrefix: 'rr-faults-requests-mail-',
  LIMITER_STORE: 'redis',
  MAIL_TRANSPORT: 'file',
  WORKER_CONCURRENCY: '3',
  REQUEST_QUIET_HOURS: 'off',
  REQUEST_SEND_PER_MINUTE: '100000',
  REQUEST_PROVIDER_MONTHLY_CAP: '1000',
  WHATSAPP_API_VERSION: WHATSAPP_VERSION,
})
let api
let worker
let owner
let db
let stub

/** What the WhatsApp stub saw: messages per number, the id it answered each with, and the stop it triggered. */
const cloud = {
  received: 0,
  answered: 0,
  byNumber: new Map(),
  ids: new Map(),
  badUrls: [],
  stopping: null,
  stoppedAt: 0,
  inFlightAtStop: 0,
  receivedAtStop: 0,
  receivedWhileDown: 0,
  down: false,
}

/** The stub of the Cloud API: records the number, stops Redis at message STOP_AT, answers after 150-250 ms. */
async function whatsappStub(recorded, response) {
  const n = ++cloud.received
  if (cloud.down) cloud.receivedWhileDown++
  if (recorded.method !== 'POST' || recorded.url !== `/${WHATSAPP_VERSION}/${PHONE_NUMBER_ID}/messages`) cloud.badUrls.push(recorded.url)
  const { to } = JSON.parse(recorded.body)
  cloud.byNumber.set(to, (cloud.byNumber.get(to) ?? 0) + 1)
  if (n === STOP_AT) {
    cloud.stopping = stopRedis(REDIS_PORT).then(() => {
      cloud.stoppedAt = Date.now()
      cloud.down = true
      cloud.receivedAtStop = cloud.received
      cloud.inFlightAtStop = cloud.received - cloud.answered
    })
  }
  // Every message that arrives while the stop is under way waits for it: these are in flight across the stop.
  if (cloud.stopping && !cloud.stoppedAt) await cloud.stopping
  await sleep(150 + Math.floor(Math.random() * 100))
  const id = `wamid.FAULT${n}`
  cloud.ids.set(to, [...(cloud.ids.get(to) ?? []), id])
  cloud.answered++
  json(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] })
}

/** Customer i: a distinct Indian mobile number, 98450 + five digits. */
const phoneOf = (i) => `98450${String(10000 + i).padStart(5, '0')}`

/** Creates the WhatsApp Business request for customer i and records when it was made and how it was answered. */
async function createRequest(i) {
  const startedAt = Date.now()
  const response = await request(base, 'POST', '/api/review-requests', {
    token: owner.token,
    body: {
      businessId: owner.business.id,
      customer: { name: `Fault Customer ${i}`, phone: phoneOf(i), consent: true },
      channel: 'whatsapp',
    },
    timeoutMs: 15_000,
  })
  return {
    i,
    phone: phoneOf(i),
    startedAt,
    endedAt: Date.now(),
    status: response.status,
    id: response.json?.id,
    text: response.text,
    ms: response.ms,
  }
}

/** Completed jobs of the send queue in the restarted Redis: what the sweeps and the per-request jobs sent. */
async function completedSends() {
  const { Queue } = await import('bullmq')
  const queue = new Queue(QUEUE, { connection, prefix: QUEUE_PREFIX })
  try {
    const jobs = await queue.getJobs(['completed'], 0, -1)
    const sweeps = jobs.filter((job) => job.data?.requestId === undefined)
    const own = jobs.filter((job) => job.data?.requestId !== undefined)
    const sum = (list) => list.reduce((total, job) => total + Number(job.returnvalue?.sent ?? 0), 0)
    return { sweeps: sweeps.length, bySweep: sum(sweeps), byOwnJob: sum(own) }
  } finally {
    await queue.close()
  }
}

before(async () => {
  ensureBackendBuild()
  await freshRedis(REDIS_PORT)
  stub = await startStubServer(whatsappStub)
  env.WHATSAPP_API_BASE_URL = stub.url
  const started = await startFaultApi(base, env, { worker: true })
  ;({ db, api, worker } = started)
  assert.equal(started.health.status, 200, started.health.text)
  owner = await ownerWithBusiness(base)
  await connectWhatsApp(base, owner.token, { phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN })
})

after(async () => {
  await Promise.allSettled([api?.stop(), worker?.stop()])
  await db?.end().catch(() => {})
  await stub?.close()
  await clearOwnApiEnv({ redisPort: REDIS_PORT, mailDir })
})

test('Redis stopped mid-send: every WhatsApp review request sent exactly once, none lost', async (t) => {
  const started = Date.now()

  // 1. A burst the worker (3 at a time, ~200 ms a message) cannot keep up with: jobs wait in Redis.
  const burst = await pool(BURST, 4, (i) => createRequest(i))
  const stopped = await until(() => cloud.stoppedAt > 0, { timeoutMs: 20_000, everyMs: 50 })
  assert.ok(stopped, `the stub never received message ${STOP_AT} (got ${cloud.received}):\n${worker.output().slice(-3000)}`)

  // 2. Redis is down: requests are still created (201), their enqueue fails and they wait for the sweep.
  const whileDown = []
  for (let i = BURST; i < BURST + WHILE_DOWN; i++) {
    whileDown.push(await createRequest(i))
    await sleep(DOWN_PACE_MS)
  }
  const healthWhileDown = await request(base, 'GET', '/api/health', { timeoutMs: 10_000 })
  await startRedis(REDIS_PORT)
  cloud.down = false
  const restartedAt = Date.now()

  // 3. Redis is back (empty, its schedules restored by the worker, whose restored sweep runs at once): requests
  // one a second until the API enqueues again (after its 5 s back-off), ...
  const afterwards = []
  let enqueuedAgain = null
  for (let i = BURST + WHILE_DOWN; i < BURST + WHILE_DOWN + AFTER_PACED_MAX && !enqueuedAgain; i++) {
    const created = await createRequest(i)
    afterwards.push(created)
    if (created.id !== undefined && redisCli(REDIS_PORT, 'exists', `${QUEUE_PREFIX}:${QUEUE}:review-request-send-${created.id}`) === '1') {
      enqueuedAgain = created
    } else {
      await sleep(AFTER_PACE_MS)
    }
  }
  assert.ok(enqueuedAgain, `the API did not enqueue again within ${AFTER_PACED_MAX} s of Redis's return:\n${api.output().slice(-3000)}`)
  // ... then the rest at once, and the sweep ahead of their jobs (lifo): the sweep and the requests' own jobs
  // (3 at a time) go for the same rows at the same time, and only the database's claim keeps each to one send.
  const racing = await pool(TOTAL - BURST - WHILE_DOWN - afterwards.length, 8, (k) =>
    createRequest(BURST + WHILE_DOWN + afterwards.length + k)
  )
  const { Queue } = await import('bullmq')
  const sendQueue = new Queue(QUEUE, { connection, prefix: QUEUE_PREFIX })
  let racingSweep
  try {
    racingSweep = await sendQueue.add(QUEUE, {}, { lifo: true })
  } finally {
    await sendQueue.close()
  }
  const results = [...burst, ...whileDown, ...afterwards, ...racing]
  const createdWhileDown = results.filter((r) => r.startedAt >= cloud.stoppedAt && r.endedAt <= restartedAt)
  const createdBeforeStop = results.filter((r) => r.endedAt <= cloud.stoppedAt)
  t.diagnostic(`${TOTAL} requests created; ${createdWhileDown.length} while Redis was down (${restartedAt - cloud.stoppedAt} ms)`)
  for (const [name, rows] of Object.entries({ before: burst, down: whileDown, after: afterwards, racing })) {
    t.diagnostic(
      `${name}: ${rows.length} creations, statuses ${[...new Set(rows.map((r) => r.status))]}, slowest ${Math.round(Math.max(...rows.map((r) => r.ms)))} ms`
    )
  }
  t.diagnostic(
    `at the stop: ${cloud.inFlightAtStop} sends in flight, ${cloud.receivedAtStop} received by the stub, ` +
      `${Math.max(0, createdBeforeStop.length - cloud.receivedAtStop)} created and not yet sent (their jobs lost with Redis)`
  )

  await t.test('every creation was answered 201, also while Redis was down', () => {
    const refused = results.filter((r) => r.status !== 201)
    assert.deepEqual(refused.slice(0, 5), [], `${refused.length} creations were not answered 201`)
    assert.equal(new Set(results.map((r) => r.id)).size, TOTAL, 'each creation made its own request')
  })

  await t.test('the outage happened where it matters: mid-send, with requests created while Redis was down', () => {
    assert.ok(cloud.inFlightAtStop >= 1, `sends in flight at the stop: ${cloud.inFlightAtStop}`)
    assert.ok(createdWhileDown.length >= WHILE_DOWN - 2, `created while Redis was down: ${createdWhileDown.length}`)
    assert.ok(racing.length >= 3, `created at once alongside the racing sweep: ${racing.length}`)
    assert.equal(healthWhileDown.status, 503, `health while Redis was down: ${healthWhileDown.status} ${healthWhileDown.text}`)
  })

  await t.test('the worker reconnects and puts back the request sweep Redis lost', async () => {
    const queue = new Queue(QUEUE, { connection, prefix: QUEUE_PREFIX })
    try {
      const back = await until(async () => Boolean(await queue.getJobScheduler('review-request-sweep')), {
        timeoutMs: 15_000,
        everyMs: 250,
      })
      assert.ok(back, `the review-request-sweep schedule was not restored:\n${worker.output().slice(-3000)}`)
    } finally {
      await queue.close()
    }
  })

  await t.test('the sweep sends what Redis lost: every request sent once, with the id the provider gave', async () => {
    // Run the sweep once more the way its schedule does (after the racing one), and wait for both to finish.
    const queue = new Queue(QUEUE, { connection, prefix: QUEUE_PREFIX })
    try {
      const sweep = await queue.add(QUEUE, {})
      for (const id of [racingSweep.id, sweep.id]) {
        const finished = await until(
          async () => {
            const job = await queue.getJob(id)
            return job?.finishedOn ? job : null
          },
          { timeoutMs: 30_000, everyMs: 250 }
        )
        assert.ok(finished, `sweep job ${id} did not finish:\n${worker.output().slice(-3000)}`)
        assert.ok(finished.returnvalue, `sweep job ${id} failed: ${finished.failedReason}`)
      }
    } finally {
      await queue.close()
    }

    const rows = async () => {
      const [list] = await db.query(
        `SELECT r.id, r.status, r.provider_message_id AS messageId, c.phone
           FROM review_requests r JOIN customers c ON c.id = r.customer_id
          WHERE r.business_id = ? ORDER BY r.id`,
        [owner.business.id]
      )
      return list
    }
    // Claimed means `sent` before the provider answers: wait for every message id (bounded).
    const settled = await until(
      async () => {
        const list = await rows()
        return list.length === TOTAL && list.every((row) => row.status !== 'created' && row.messageId) ? list : null
      },
      { timeoutMs: 20_000, everyMs: 250 }
    )
    await sleep(750) // a second send of anything would reach the stub now
    const final = await rows()
    const pending = final.filter((row) => row.status === 'created' || !row.messageId)
    assert.ok(settled, `${pending.length} requests not sent: ${JSON.stringify(pending.slice(0, 5))}\n${worker.output().slice(-3000)}`)

    const sends = await completedSends()
    t.diagnostic(
      `after the restart: ${sends.bySweep} sent by ${sends.sweeps} sweep run(s), ${sends.byOwnJob} by their own jobs; ` +
        `stub: ${cloud.received} messages for ${cloud.byNumber.size} numbers, ${cloud.receivedWhileDown} received while Redis was down; ` +
        `total ${Date.now() - started} ms`
    )

    assert.equal(final.length, TOTAL)
    assert.deepEqual(cloud.badUrls, [], "every message went to the owner's number's messages endpoint")
    for (const row of final) {
      assert.ok(['sent', 'delivered', 'opened', 'rated'].includes(row.status), `request ${row.id} is ${row.status}`)
      const to = row.phone.replace(/^\+/, '')
      assert.equal(cloud.byNumber.get(to), 1, `messages the stub received for ${to} (request ${row.id})`)
      assert.deepEqual(cloud.ids.get(to), [row.messageId], `request ${row.id} keeps the id the provider gave`)
    }
    const numbers = new Set(final.map((row) => row.phone.replace(/^\+/, '')))
    assert.deepEqual(
      [...cloud.byNumber.keys()].filter((to) => !numbers.has(to)),
      [],
      'no message to a number without a request'
    )
    assert.equal(cloud.received, TOTAL, 'one message per request in all')
    assert.ok(
      sends.bySweep >= createdWhileDown.length,
      `the sweep sent ${sends.bySweep}, fewer than the ${createdWhileDown.length} never enqueued`
    )
  })
})
