/*
 * Fault: Redis stops in the middle of 500 review submissions. The compiled API and worker run against a
 * redis-server of our own (port 6390, no persistence); 500 submissions go out 10 at a time (paced, ~60 a
 * second); after ~150 the test stops that Redis (`shutdown nosave`: queued jobs are lost with it), after ~350
 * it starts it again.
 *
 * Asserted: every submission was acknowledged (2xx, no 5xx and no 429 while the rate limiter's store is gone)
 * and every acknowledged one is in MySQL; health says Redis is down while it is down; the worker resumes
 * (its recurring schedules, lost with Redis's data, are put back; a low rating with feedback sent after Redis
 * is back is mailed by its own job), and the feedback-alert sweep mails every alert that was lost or never
 * enqueued, each exactly once.
 *
 * Own database (reviewroute_faults_redis), own Redis (6390), own queue prefix, API on 3382; loopback only.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readMailFiles } from '../lib/mail-files.mjs'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  clearOwnApiEnv,
  ensureBackendBuild,
  freshRedis,
  ownApiEnv,
  ownerWithBusiness,
  pool,
  request,
  startRedis,
  stopRedis,
  until,
} from '../lib/compiled-api.mjs'
import { startFaultApi } from './support.mjs'

const DATABASE = 'reviewroute_faults_redis'
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6390)
const API_PORT = Number(process.env.FAULTS_REDIS_API_PORT ?? 3382)
const QUEUE_PREFIX = 'rr-faults-redis'
const TOTAL = 500
const CONCURRENCY = 10
const STOP_AFTER = 150
const RESTART_AFTER = 350
/** Each of the 10 lanes pauses this long between submissions: ~60 a second, so Redis stays down ~3 s. */
const PACE_MS = 150
const { env, base, mailDir } = ownApiEnv({
  port: API_PORT,
  database: DATABASE,
  redisPort: REDIS_PORT,
  queuePrefix: QUEUE_PREFIX,
  mailPrefix: 'rr-faults-mail-',
  LIMITER_STORE: 'redis',
  RATING_IP_LIMIT_PER_MINUTE: '100000',
  MAIL_TRANSPORT: 'file',
  WORKER_CONCURRENCY: '5',
})
let api
let worker
let owner
let db

/** Feedback alert mails written so far, and how many mails quote each feedback text (one mail may quote several). */
async function alertMails() {
  const mails = (await readMailFiles(mailDir)).filter((mail) => mail.kind === 'feedback-alert')
  const byMarker = new Map()
  for (const mail of mails) {
    for (const [, marker] of mail.text.matchAll(/^"(.*)"$/gm)) byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1)
  }
  return { count: mails.length, byMarker }
}

/** As if ten minutes had passed since the business's last alert mail: its next ratings may be mailed at once. */
const openAlertGate = () =>
  db.query('UPDATE businesses SET feedback_alerted_at = feedback_alerted_at - INTERVAL 11 MINUTE WHERE id = ?', [owner.business.id])

/** Submission i: ratings 1-5 in turn; every 1-3 carries a unique feedback text. */
const submission = (i) => {
  const rating = (i % 5) + 1
  return rating <= 3 ? { rating, feedback: `fault-redis-${i} the wait was slow` } : { rating }
}

before(async () => {
  ensureBackendBuild()
  await freshRedis(REDIS_PORT)
  const started = await startFaultApi(base, env, { worker: true })
  ;({ db, api, worker } = started)
  assert.equal(started.health.status, 200, started.health.text)
  owner = await ownerWithBusiness(base, { mailDir })
})

after(async () => {
  await Promise.all([api?.stop(), worker?.stop()])
  await db?.end()
  await clearOwnApiEnv({ redisPort: REDIS_PORT, mailDir })
})

test('Redis stopped during 500 submissions: every review stored, API up, worker and sweep recover', async (t) => {
  let done = 0
  let phase = 'up'
  let healthWhileDown = null
  let stoppedAt = 0
  let restartedAt = 0
  const started = Date.now()

  const results = await pool(TOTAL, CONCURRENCY, async (i) => {
    const body = submission(i)
    const sentIn = phase
    const response = await request(base, 'POST', `/api/review/${owner.business.shortUrl}/submit`, { body, timeoutMs: 15_000 })
    await sleep(PACE_MS)
    done++
    if (done === STOP_AFTER) {
      await stopRedis(REDIS_PORT)
      stoppedAt = Date.now()
      phase = 'down'
      // The API notices when its connection drops: give it a moment (the other lanes keep submitting).
      healthWhileDown = await until(
        async () => {
          const health = await request(base, 'GET', '/api/health', { timeoutMs: 10_000 })
          return health.status === 503 ? health : null
        },
        { timeoutMs: 5000, everyMs: 100 }
      )
    } else if (done === RESTART_AFTER) {
      await startRedis(REDIS_PORT)
      restartedAt = Date.now()
      phase = 'back'
    }
    return { i, body, sentIn, status: response.status, ms: response.ms, text: response.text }
  })
  t.diagnostic(`${TOTAL} submissions in ${Date.now() - started} ms; Redis down for ${restartedAt - stoppedAt} ms`)
  const byPhase = {}
  for (const result of results) (byPhase[result.sentIn] ??= []).push(result)
  for (const [name, rows] of Object.entries(byPhase)) {
    const slowest = Math.max(...rows.map((r) => r.ms))
    t.diagnostic(
      `${name}: ${rows.length} submissions, statuses ${[...new Set(rows.map((r) => r.status))]}, slowest ${Math.round(slowest)} ms`
    )
  }

  await t.test('every submission was acknowledged (2xx), also while Redis was down', () => {
    assert.ok(byPhase.down?.length > 50, 'enough submissions went out while Redis was down')
    const refused = results.filter((r) => r.status < 200 || r.status >= 300)
    assert.deepEqual(refused.slice(0, 5), [], `${refused.length} submissions were not acknowledged`)
  })

  await t.test('health said Redis was down (and MySQL up) while it was down', () => {
    assert.equal(healthWhileDown?.status, 503, 'health did not answer 503 within 5 s of the stop')
    assert.equal(healthWhileDown.json.redis, 'down')
    assert.equal(healthWhileDown.json.mysql, 'up')
  })

  await t.test('every acknowledged submission is in MySQL', async () => {
    const [[{ n }]] = await db.query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [owner.business.id])
    assert.equal(Number(n), results.filter((r) => r.status === 200).length)
    const [rows] = await db.query('SELECT feedback FROM review_sessions WHERE business_id = ? AND feedback IS NOT NULL', [
      owner.business.id,
    ])
    const stored = new Set(rows.map((row) => row.feedback))
    const missing = results.filter((r) => r.body.feedback && !stored.has(r.body.feedback))
    assert.deepEqual(missing, [])
  })

  await t.test('health is back to 200 once Redis is', async () => {
    const health = await until(
      async () => {
        const response = await request(base, 'GET', '/api/health', { timeoutMs: 5000 })
        return response.status === 200 ? response : null
      },
      { timeoutMs: 15_000, everyMs: 250 }
    )
    assert.ok(health, 'health did not return to 200')
  })

  await t.test('the worker puts back the recurring schedules Redis lost with its data', async () => {
    const { Queue } = await import('bullmq')
    const schedules = {
      'trial-expiry': 'trial-expiry-every-15-min',
      'analytics-rollup': 'analytics-rollup-nightly',
      'feedback-alert': 'feedback-alert-sweep',
      'data-retention': 'data-retention-daily',
    }
    const queues = Object.keys(schedules).map(
      (name) => new Queue(name, { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: QUEUE_PREFIX })
    )
    try {
      const present = () => Promise.all(queues.map(async (queue) => Boolean(await queue.getJobScheduler(schedules[queue.name]))))
      const back = await until(async () => (await present()).every(Boolean), { timeoutMs: 15_000, everyMs: 250 })
      assert.ok(back, `schedules present: ${JSON.stringify(await present())}`)
    } finally {
      await Promise.all(queues.map((queue) => queue.close()))
    }
  })

  await t.test('the worker resumes: a feedback sent after Redis returned is mailed by its own job', async () => {
    // The API skips enqueueing for 5 s after a failed enqueue (queue_service.ts); wait that out.
    await sleep(Math.max(0, restartedAt + 6000 - Date.now()))
    const marker = 'fault-redis-probe after Redis returned'
    // A business of the owner's that has had no alert yet: its alerts are not held by the 10-minute gate, nor by
    // this slot's job of the flooded business.
    const search = await request(base, 'POST', '/api/search-business', { token: owner.token, body: { query: 'cafe' } })
    const placeId = search.json?.places?.find((place) => place.place_id !== owner.business.placeId)?.place_id
    const added = await request(base, 'POST', '/api/select-business', { token: owner.token, body: { placeId } })
    assert.equal(added.status, 201, added.text)
    // On a busy machine the API's own queue connection may still be reconnecting when the probe comes: its enqueue
    // fails fast and the API skips enqueueing for 5 s (the sweep would mail it later). A probe whose job was never
    // enqueued says nothing about the worker, so up to three probes go, 8 s apart; the first mailed must be mailed once.
    let mailed
    let sent = marker
    for (let attempt = 1; attempt <= 3 && !mailed; attempt++) {
      sent = `${marker} #${attempt}`
      const probe = await request(base, 'POST', `/api/review/${added.json.business.shortUrl}/submit`, {
        body: { rating: 2, feedback: sent },
      })
      assert.equal(probe.status, 200, probe.text)
      mailed = await until(async () => (await alertMails()).byMarker.get(sent), { timeoutMs: 20_000, everyMs: 250 })
      if (!mailed) t.diagnostic(`probe ${attempt} not mailed by its own job within 20 s`)
      else await sleep(2000)
    }
    if (mailed) mailed = (await alertMails()).byMarker.get(sent)
    assert.equal(mailed, 1, `no alert mail for the probe:\n${worker.output().slice(-3000)}`)
  })

  await t.test('the feedback-alert sweep mails every alert lost with Redis, each exactly once', async () => {
    // Alerts of submissions made while Redis was down were never enqueued, and jobs queued before the stop
    // died with it (no persistence). The sweep leaves rows younger than 2 minutes to their own jobs: age the
    // unalerted rows by 3 minutes (as if the sweep ran later), then run the sweep the way its schedule does.
    await db.query('UPDATE review_sessions SET created_at = created_at - INTERVAL 3 MINUTE WHERE business_id = ? AND alerted_at IS NULL', [
      owner.business.id,
    ])
    await openAlertGate()
    const [[{ n: unalerted }]] = await db.query(
      'SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ? AND alerted_at IS NULL AND feedback IS NOT NULL',
      [owner.business.id]
    )
    t.diagnostic(`${unalerted} alerts left to the sweep`)
    assert.ok(Number(unalerted) > 0, 'some alerts were lost while Redis was down')

    const { Queue } = await import('bullmq')
    const queue = new Queue('feedback-alert', { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: QUEUE_PREFIX })
    try {
      await queue.add('feedback-alert', {})
    } finally {
      await queue.close()
    }

    const [withFeedback] = await db.query('SELECT feedback FROM review_sessions WHERE business_id = ? AND feedback IS NOT NULL', [
      owner.business.id,
    ])
    const allMailed = await until(
      async () => {
        const [[{ n }]] = await db.query(
          'SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ? AND feedback IS NOT NULL AND alerted_at IS NULL',
          [owner.business.id]
        )
        return Number(n) === 0 && (await alertMails()).byMarker.size >= withFeedback.length
      },
      { timeoutMs: 40_000, everyMs: 500 }
    )
    assert.ok(allMailed, `alerts still missing:\n${worker.output().slice(-3000)}`)
    await sleep(500) // a duplicate would show up now
    const { byMarker } = await alertMails()
    for (const { feedback } of withFeedback) assert.equal(byMarker.get(feedback), 1, `mails for "${feedback}"`)
  })
})
