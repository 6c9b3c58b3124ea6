/*
 * The product as replicas (docs/architecture.md#replicas): three compiled API replicas and two workers on one
 * database and one Redis, behind a round-robin balancer (support/cluster.mjs). What a deployment of several
 * replicas must hold, checked with the real processes:
 *
 * 1. a token made on one replica works on the others; logged out on one, it is refused by all at once;
 * 2. ratings spread over the replicas are each stored once, and every replica's analytics agree;
 * 3. changes reach the other replicas quickly: a short link's new code, an operator's "pause link" and "end plan",
 *    a member removed from a workspace; the time each takes on replicas B and C is measured and printed;
 * 4. the per-address sign-in limit trips after the same number of attempts whichever replica they land on;
 * 5. two workers: one alert mail per business per window, each schedule registered once and run once a period;
 * 6. an API replica killed (SIGKILL) with ratings in flight: every acknowledged rating stored once, none twice;
 * 7. a worker killed (SIGKILL) mid-send, the mail server slow: every customer gets their review request once
 *    (a duplicate is counted and printed); a send lost with its worker goes again once its lease is over
 *    (SEND_LEASE_SECONDS, 10 s here), which the send-lease change brings.
 *
 * The numbers (propagation ms per kind, ratings sent/stored, duplicates) are printed as `[replicas] ...` lines.
 * Loopback only; own database (reviewroute_replicas), own redis-server (6397), ports 3370-3373.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Queue } from 'bullmq'
import { built, ensureBackendBuild, pool, until } from '../lib/compiled-api.mjs'
import { QUEUE_PREFIX, REDIS_PORT, startCluster } from './support/cluster.mjs'
import { addBusiness, call, expectStatus, newClientIp, operator, owner, uniqueEmail } from './support/client.mjs'

/** A change must reach the other replicas within this (the review-link cache alone keeps it 5 s). */
const PROPAGATION_BOUND_MS = 1000
/** How long a propagation is watched before it is reported as not seen. */
const PROPAGATION_WATCH_MS = 8000
const RATINGS = 60
const KILL_RATINGS = 150
const KILL_AFTER = 50
const CUSTOMERS = 24
/** The slow mail server holds each recipient this long, so sends are in flight when the worker dies. */
const SMTP_SLOW_MS = 1500
/** How long the surviving worker gets to send what the dead one held: its lease (10 s here) and the request sweep, run every 2 s. */
const RESEND_WAIT_MS = 30_000

const numbers = {}
const report = (t, line) => {
  t.diagnostic(line)
  console.log(`[replicas] ${line}`)
}

let cluster
/** The replicas' base URLs by name, and the balancer's. */
let A, B, C, LB
let ops
let main

before(
  async () => {
    ensureBackendBuild()
    const started = Date.now()
    cluster = await startCluster()
    ;[A, B, C] = cluster.replicas.map((r) => r.url)
    LB = cluster.url
    console.log(`[replicas] 3 API replicas and 2 workers up in ${Date.now() - started} ms`)
    ops = await operator(LB, cluster.ace)
    main = await owner(LB, 'main')
  },
  // A stale build is built first (about a minute on 2 cores).
  { timeout: 240_000 }
)

after(async () => {
  if (Object.keys(numbers).length) console.log(`[replicas] numbers ${JSON.stringify(numbers)}`)
  await cluster?.stop()
})

const queue = (name) => new Queue(name, { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: QUEUE_PREFIX })

test('1. tokens: made on one replica, accepted by all; logged out on one, refused by all at once', async (t) => {
  const email = uniqueEmail('tokens')
  const password = 'replicas-password-2026'
  const ip = newClientIp()
  const first = expectStatus(
    await call(A, 'POST', '/api/auth/register', { ip, body: { email, password, firstName: 'Token', lastName: 'Test' } }),
    201,
    'sign up on A'
  )
  const second = expectStatus(await call(B, 'POST', '/api/auth/login', { ip, body: { email, password } }), 200, 'sign in on B')
  for (const [name, base] of Object.entries({ A, B, C })) {
    for (const [which, token] of [
      ['sign-up token', first.token],
      ['sign-in token', second.token],
    ]) {
      const me = await call(base, 'GET', '/api/auth/user', { ip, token })
      assert.equal(me.status, 200, `${which} on ${name}: ${me.text}`)
      assert.equal(me.json.email ?? me.json.user?.email, email)
    }
  }

  expectStatus(await call(C, 'POST', '/api/auth/logout', { ip, token: first.token }), 204, 'logout on C')
  const loggedOutAt = performance.now()
  const answers = await Promise.all([A, B, C].map((base) => call(base, 'GET', '/api/auth/user', { ip, token: first.token })))
  const ms = Math.round(performance.now() - loggedOutAt)
  numbers.logoutMs = ms
  report(t, `logout on C: the token refused by A, B and C in the first requests after it (${ms} ms)`)
  assert.deepEqual(
    answers.map((a) => a.status),
    [401, 401, 401]
  )
  for (const base of [A, B, C]) assert.equal((await call(base, 'GET', '/api/auth/user', { ip, token: second.token })).status, 200)
})

test('2. ratings spread round-robin over the replicas are stored once each; the replicas agree on analytics', async (t) => {
  const business = main.businesses[0]
  const before = { ...cluster.balancer.stats.byReplica }
  const results = await pool(RATINGS, 6, async (i) => {
    const rating = (i % 5) + 1
    const body = rating <= 3 ? { rating, feedback: `replicas-spread-${i} slow service` } : { rating }
    return { rating, answer: await call(LB, 'POST', `/api/review/${business.shortUrl}/submit`, { body }) }
  })
  const spread = Object.fromEntries(Object.entries(cluster.balancer.stats.byReplica).map(([name, n]) => [name, n - before[name]]))
  const refused = results.filter((r) => r.answer.status !== 200 || r.answer.json?.counted !== true)
  assert.deepEqual(refused.map((r) => `${r.answer.status} ${r.answer.text}`).slice(0, 3), [], 'every rating acknowledged and counted')
  for (const name of ['A', 'B', 'C']) assert.ok(spread[name] >= RATINGS / 3 - 1, `replica ${name} answered ${spread[name]}`)

  const [[row]] = await cluster.db.query(
    `SELECT COUNT(*) AS n, SUM(rating >= 4) AS positive, COUNT(DISTINCT feedback) AS texts
       FROM review_sessions WHERE business_id = ?`,
    [business.id]
  )
  const positive = results.filter((r) => r.rating >= 4).length
  numbers.ratings = { sent: RATINGS, stored: Number(row.n), byReplica: spread }
  report(t, `ratings: ${RATINGS} sent (A ${spread.A}, B ${spread.B}, C ${spread.C}), ${row.n} stored`)
  assert.equal(Number(row.n), RATINGS)
  assert.equal(Number(row.positive), positive)
  assert.equal(Number(row.texts), RATINGS - positive)

  for (const [name, base] of Object.entries({ A, B, C })) {
    const analytics = expectStatus(
      await call(base, 'GET', `/api/analytics/${business.id}`, { token: main.token }),
      200,
      `analytics on ${name}`
    )
    assert.equal(analytics.analytics.totalSessions, RATINGS, `total on ${name}`)
    assert.equal(analytics.analytics.positiveSessions, positive, `positive on ${name}`)
    assert.equal(analytics.analytics.negativeSessions, RATINGS - positive, `negative on ${name}`)
  }
})

/**
 * Watches replicas B and C after `change` ran on A: resolves to the ms each took until `seen(base)` held there
 * (null: not within PROPAGATION_WATCH_MS). `seen` must not hold before (checked on both first, which also puts the
 * old state into their caches, as a busy link would).
 */
async function propagation(change, seen) {
  for (const base of [B, C]) assert.equal(await seen(base), false, `the change is not there before it is made (${base})`)
  await change()
  const changedAt = performance.now()
  const watch = async (base) => {
    while (performance.now() - changedAt < PROPAGATION_WATCH_MS) {
      if (await seen(base)) return Math.round(performance.now() - changedAt)
      await sleep(20)
    }
    return null
  }
  const [b, c] = await Promise.all([watch(B), watch(C)])
  return { B: b, C: c }
}

const within = (ms) => ms !== null && ms < PROPAGATION_BOUND_MS
const shown = (ms) => (ms === null ? `not within ${PROPAGATION_WATCH_MS} ms` : `${ms} ms`)

test('3. changes made on replica A reach replicas B and C: measured', async (t) => {
  const times = {}
  const link = (base, code) => call(base, 'GET', `/api/business/by-url/${code}`)

  // A short link's new code (the old one stays an alias that answers the new code).
  const business = await addBusiness(LB, main)
  const oldCode = business.shortUrl
  const newCode = `moved-${Date.now().toString(36)}`
  times.shortLink = await propagation(
    async () =>
      expectStatus(
        await call(A, 'PATCH', `/api/business/${business.id}/update-short-url`, { token: main.token, body: { shortUrl: newCode } }),
        200,
        'short link change on A'
      ),
    async (base) => {
      const [byOld, byNew] = await Promise.all([link(base, oldCode), link(base, newCode)])
      return byOld.json?.business?.shortUrl === newCode && byNew.status === 200
    }
  )

  // An operator pauses a link.
  const paused = await addBusiness(LB, main)
  times.pauseLink = await propagation(
    async () =>
      expectStatus(
        await call(A, 'POST', `/api/admin/businesses/${paused.id}/disable`, {
          token: ops,
          body: { reason: 'Replicas test: abuse report' },
        }),
        200,
        'pause link on A'
      ),
    async (base) => (await link(base, paused.shortUrl)).status === 423
  )

  // An operator ends a plan: a second business, which only a plan keeps open, stops taking ratings.
  const client = await owner(LB, 'plan')
  const second = await addBusiness(LB, client)
  await cluster.db.query('UPDATE users SET trial_ends_at = NOW() - INTERVAL 1 DAY WHERE id = ?', [client.userId])
  expectStatus(
    await call(LB, 'POST', `/api/admin/users/${client.userId}/grant-plan`, { token: ops, body: { months: 1, reason: 'Replicas test' } }),
    200,
    'grant plan'
  )
  times.endPlan = await propagation(
    async () =>
      expectStatus(
        await call(A, 'POST', `/api/admin/users/${client.userId}/end-plan`, { token: ops, body: { reason: 'Replicas test: plan ended' } }),
        200,
        'end plan on A'
      ),
    async (base) => (await link(base, second.shortUrl)).json?.canSubmitReview === false
  )

  // A member removed from a workspace (read from the database on every request).
  const member = await owner(LB, 'member')
  const workspaces = expectStatus(await call(LB, 'GET', '/api/workspaces', { token: main.token }), 200, 'workspaces')
  const workspaceId = (workspaces.data ?? workspaces)[0].id
  await cluster.db.query(
    `INSERT INTO workspace_members (workspace_id, user_id, role, business_ids, created_at, updated_at)
     VALUES (?, ?, 'manager', NULL, NOW(), NOW())`,
    [workspaceId, member.userId]
  )
  const headers = { 'x-workspace-id': String(workspaceId) }
  times.memberRemoved = await propagation(
    async () => {
      const removed = await call(A, 'DELETE', `/api/workspaces/${workspaceId}/members/${member.userId}`, { token: main.token })
      assert.ok([200, 204].includes(removed.status), `member removal on A: ${removed.status} ${removed.text}`)
    },
    async (base) => {
      const answer = await call(base, 'GET', '/api/my-businesses', { token: member.token, headers })
      assert.ok([200, 403, 404].includes(answer.status), `a member's request: ${answer.status} ${answer.text}`)
      return answer.status !== 200
    }
  )

  numbers.propagationMs = times
  for (const [kind, { B: b, C: c }] of Object.entries(times)) report(t, `propagation of ${kind}: B ${shown(b)}, C ${shown(c)}`)
  for (const [kind, { B: b, C: c }] of Object.entries(times)) {
    assert.ok(within(b) && within(c), `${kind} reached B in ${shown(b)} and C in ${shown(c)}; the bound is ${PROPAGATION_BOUND_MS} ms`)
  }
})

test('4. the per-address sign-in limit trips after the same number of attempts whichever replica they land on', async (t) => {
  const ip = newClientIp()
  const attempts = []
  for (let i = 0; i < 24; i++) {
    const answer = await call(LB, 'POST', '/api/auth/login', {
      ip,
      body: { email: uniqueEmail(`nobody${i}`), password: 'wrong-password-1' },
    })
    attempts.push({ status: answer.status, replica: answer.headers?.get('x-replica') })
  }
  const firstRefusal = attempts.findIndex((a) => a.status === 429)
  const replicas = new Set(attempts.slice(0, firstRefusal).map((a) => a.replica))
  report(t, `sign-in limit: attempt ${firstRefusal + 1} was the first 429, attempts spread over ${[...replicas].sort().join(', ')}`)
  numbers.signInLimitTripsAt = firstRefusal + 1
  assert.deepEqual([...replicas].sort(), ['A', 'B', 'C'])
  assert.equal(firstRefusal, 20, `statuses: ${attempts.map((a) => a.status)}`)
  assert.ok(
    attempts.slice(0, 20).every((a) => a.status !== 429),
    'no 429 before the 21st'
  )
  assert.ok(
    attempts.slice(20).every((a) => a.status === 429),
    'every attempt after the limit is 429'
  )
})

test('5. two workers: one alert mail per business per window; each schedule registered once and run once', async (t) => {
  const alerted = await owner(LB, 'alerts')
  await cluster.db.query('UPDATE users SET email_verified_at = NOW() WHERE id = ?', [alerted.userId])
  const code = alerted.businesses[0].shortUrl
  const sent = await pool(8, 4, (i) =>
    call(LB, 'POST', `/api/review/${code}/submit`, { body: { rating: 1 + (i % 3), feedback: `replicas-alert-${i} cold food` } })
  )
  assert.deepEqual(
    sent.map((a) => a.status),
    Array(8).fill(200)
  )
  const alerts = () => cluster.smtp.messages.filter((m) => m.kind === 'feedback-alert' && m.to === alerted.email)
  const first = await until(() => alerts().length > 0, { timeoutMs: 20_000, everyMs: 100 })
  assert.ok(first, `no alert mail within 20 s:\n${cluster.logs()}`)
  await sleep(3000) // a second mail from the other worker would be here by now
  report(t, `alerts: 8 low ratings over the replicas in one window, ${alerts().length} alert mail(s)`)
  numbers.alertMails = alerts().length
  assert.equal(alerts().length, 1)

  // Each schedule once, with one next run; those that run every few minutes ran once when the workers started
  // (both workers register them, only one run happens); the daily and hourly ones at most once meanwhile.
  const { SCHEDULES } = await import(join(built, 'app/queue/queues.js'))
  const counts = []
  for (const schedule of SCHEDULES) {
    const q = queue(schedule.queue)
    try {
      const ofSchedule = (jobs) => jobs.filter((job) => job.repeatJobKey === schedule.id)
      counts.push({
        id: schedule.id,
        every: Boolean(schedule.repeat.every),
        schedulers: (await q.getJobSchedulers()).filter((s) => s.key === schedule.id).length,
        next: ofSchedule(await q.getDelayed()).length,
        runs: ofSchedule(await q.getJobs(['completed', 'failed', 'active', 'wait'])).length,
      })
    } finally {
      await q.close()
    }
  }
  const odd = counts.filter((c) => c.schedulers !== 1 || c.next !== 1 || c.runs > 1 || (c.every && c.runs !== 1))
  assert.deepEqual(odd, [], 'each schedule once, with one next run, run once')

  // One period of the feedback-alert sweep, brought forward: run once (by one of the workers), and one next run.
  const q = queue('feedback-alert')
  try {
    const ofSweep = (jobs) => jobs.filter((job) => job.repeatJobKey === 'feedback-alert-sweep')
    const ranBefore = new Set(ofSweep(await q.getCompleted()).map((job) => job.id))
    const [due] = ofSweep(await q.getDelayed())
    await due.promote()
    const done = await until(
      async () => {
        const job = await q.getJob(due.id)
        return job?.finishedOn ? job : null
      },
      { timeoutMs: 15_000, everyMs: 100 }
    )
    assert.ok(done, `the promoted sweep did not run:\n${cluster.logs()}`)
    await sleep(1000)
    const runs = ofSweep(await q.getJobs(['completed', 'failed', 'active', 'wait'])).filter((job) => !ranBefore.has(job.id))
    const next = ofSweep(await q.getDelayed())
    report(
      t,
      `schedules: ${counts.length} registered once by 2 workers, ${counts.filter((c) => c.every).length} ran once at start; ` +
        `the sweep's next period, brought forward, ran ${runs.length} time(s)`
    )
    numbers.sweepRuns = runs.length
    assert.equal(runs.length, 1)
    assert.equal(next.length, 1)
    assert.notEqual(next[0].id, due.id)
  } finally {
    await q.close()
  }
})

test('6. an API replica killed mid-traffic: every acknowledged rating stored exactly once, none twice', async (t) => {
  const business = main.businesses[0]
  const [[{ n: storedBefore }]] = await cluster.db.query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [business.id])
  const victim = cluster.replicas[2]
  const statsBefore = { ...cluster.balancer.stats }
  let done = 0
  let killedAt = 0
  const results = await pool(KILL_RATINGS, 10, async (i) => {
    const feedback = `replicas-kill-${i} long wait`
    const answer = await call(LB, 'POST', `/api/review/${business.shortUrl}/submit`, { body: { rating: 1 + (i % 3), feedback } })
    if (++done === KILL_AFTER) {
      killedAt = Date.now()
      await cluster.kill(victim.proc)
    }
    return { feedback, status: answer.status, replica: answer.headers?.get('x-replica') }
  })
  const [rows] = await cluster.db.query(
    `SELECT feedback, COUNT(*) AS n FROM review_sessions WHERE business_id = ? AND feedback LIKE 'replicas-kill-%' GROUP BY feedback`,
    [business.id]
  )
  const stored = new Map(rows.map((row) => [row.feedback, Number(row.n)]))
  const acknowledged = results.filter((r) => r.status === 200)
  const failed = results.filter((r) => r.status !== 200)
  const duplicated = [...stored].filter(([, n]) => n > 1)
  const storedOfFailed = failed.filter((r) => stored.has(r.feedback)).length
  const retried = cluster.balancer.stats.retried - statsBefore.retried
  numbers.replicaKilled = {
    sent: KILL_RATINGS,
    acknowledged: acknowledged.length,
    badGateway: failed.length,
    stored: stored.size,
    storedOfBadGateway: storedOfFailed,
    duplicates: duplicated.length,
    retriedByBalancer: retried,
  }
  report(
    t,
    `replica C killed after ${KILL_AFTER} of ${KILL_RATINGS} ratings: ${acknowledged.length} acknowledged, ${failed.length} answered 502 ` +
      `(${storedOfFailed} of them stored anyway), ${stored.size} stored, ${duplicated.length} duplicated, ${retried} retried by the balancer`
  )
  assert.ok(killedAt > 0)
  assert.deepEqual(
    [...new Set(failed.map((r) => r.status))].filter((s) => s !== 502),
    [],
    'a failure is a 502 from the balancer'
  )
  assert.deepEqual(duplicated, [], 'no rating stored twice')
  const missing = acknowledged.filter((r) => stored.get(r.feedback) !== 1)
  assert.deepEqual(missing, [], 'every acknowledged rating stored once')
  assert.ok(
    results.slice(KILL_AFTER + 20).every((r) => r.replica !== 'C'),
    'C answers nothing after it died'
  )
  const [[{ n: storedAfter }]] = await cluster.db.query('SELECT COUNT(*) AS n FROM review_sessions WHERE business_id = ?', [business.id])
  assert.equal(Number(storedAfter) - Number(storedBefore), stored.size)
})

test('7. a worker killed mid-send with the mail server slow: every customer gets one review request', async (t) => {
  const business = main.businesses[0]
  const emails = Array.from({ length: CUSTOMERS }, (_, i) => `replicas-customer-${i}-${Date.now().toString(36)}@example.test`)
  cluster.smtp.setSlow(SMTP_SLOW_MS)
  await pool(CUSTOMERS, 4, async (i) =>
    expectStatus(
      await call(LB, 'POST', '/api/review-requests', {
        token: main.token,
        body: { businessId: business.id, customer: { name: `Customer ${i}`, email: emails[i], consent: true }, channel: 'email' },
      }),
      201,
      `request ${i}`
    )
  )
  const inFlight = await until(() => cluster.smtp.counters.inFlight >= 4, { timeoutMs: 20_000, everyMs: 20 })
  assert.ok(inFlight, `sends never in flight (${cluster.smtp.counters.inFlight}):\n${cluster.logs()}`)
  const inFlightAtKill = cluster.smtp.counters.inFlight
  await cluster.kill(cluster.workers[0])
  const killedAt = performance.now()
  cluster.smtp.setSlow(0)

  const received = () => {
    const counts = new Map(emails.map((email) => [email, 0]))
    for (const message of cluster.smtp.messages) if (counts.has(message.to)) counts.set(message.to, counts.get(message.to) + 1)
    return counts
  }
  // The request sweep, as its schedule runs it (every 10 minutes), every 2 s here: it sends what no job did.
  const sweeps = queue('review-request-send')
  const deadline = Date.now() + RESEND_WAIT_MS
  try {
    while (Date.now() < deadline && [...received().values()].some((n) => n === 0)) {
      await sweeps.add('review-request-send', {})
      await sleep(2000)
    }
  } finally {
    await sweeps.close()
  }
  const allReceivedMs = [...received().values()].every((n) => n > 0) ? Math.round(performance.now() - killedAt) : null
  await sleep(1000) // a late duplicate would be here by now
  const counts = received()
  const missing = emails.filter((email) => counts.get(email) === 0)
  const duplicates = emails.filter((email) => counts.get(email) > 1).length
  numbers.workerKilled = {
    customers: CUSTOMERS,
    inFlightAtKill,
    abandonedSends: cluster.smtp.counters.abandoned,
    received: [...counts.values()].reduce((a, b) => a + b, 0),
    missing: missing.length,
    duplicates,
    allReceivedMsAfterKill: allReceivedMs,
  }
  report(
    t,
    `worker W1 killed with ${inFlightAtKill} sends in flight: ${CUSTOMERS} customers, ${missing.length} got nothing, ` +
      `${duplicates} got a duplicate, ${cluster.smtp.counters.abandoned} sends abandoned mid-conversation; ` +
      (allReceivedMs === null ? `not all sent within ${RESEND_WAIT_MS} ms` : `all sent ${allReceivedMs} ms after the kill`)
  )
  assert.deepEqual(missing, [], 'every customer got their review request')
  assert.ok(duplicates <= inFlightAtKill, `duplicates (${duplicates}) only of sends in flight at the kill (${inFlightAtKill})`)
})
