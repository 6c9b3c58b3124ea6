#!/usr/bin/env node
/*
 * npm run bench:compare -- <other checkout>: is the customer's path slower than in another version of the code?
 * Runs this checkout's compiled API and the other checkout's (its backend/build and landing/dist must be built) in
 * turn, BENCH_ROUNDS (3) rounds alternating which goes first, each on a fresh database of its own, and measures
 * with autocannon the three requests a customer makes: the server-rendered page GET /review/{code}, the JSON
 * GET /api/business/by-url/{code} the review bundle reads, and POST /api/review/{code}/submit. Prints every run,
 * then per request the median requests/s and p99 of each side and the ratio this/other (1.00 = the same; the
 * noise between rounds of one side is printed as its range, to read the ratio against).
 *
 * Each side: NODE_ENV=production, port BENCH_API_PORT (3381), database reviewroute_bench_compare (recreated per
 * run), its own Redis on BENCH_REDIS_PORT (6392), the per-address rating allowance raised. BENCH_CONNECTIONS (50)
 * connections for BENCH_DURATION (6) seconds per request after BENCH_WARMUP (2) seconds. Same machine as
 * autocannon: compare the two columns, not the absolute numbers.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { built, clearOwnApiEnv, ensureBackendBuild, freshRedis, ownApiEnv, ownerWithBusiness } from '../lib/compiled-api.mjs'
import { median, startHealthyApi } from '../lib/bench.mjs'
import { measure, SUBMISSIONS } from './api.mjs'

const other = process.argv[2] ?? process.env.BENCH_BEFORE
if (!other) {
  console.error('usage: npm run bench:compare -- <path of another checkout, its backend and landing built>')
  process.exit(2)
}
const otherBuilt = join(resolve(other), 'backend', 'build')
if (!existsSync(join(otherBuilt, 'bin', 'server.js'))) {
  console.error(`${otherBuilt} has no compiled server: run npm run build there first`)
  process.exit(2)
}

const s = {
  port: Number(process.env.BENCH_API_PORT ?? 3381),
  redisPort: Number(process.env.BENCH_REDIS_PORT ?? 6392),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 6),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  database: 'reviewroute_bench_compare',
}
const SIDES = { this: built, other: otherBuilt }
const REQUESTS = ['GET /review/{code}', 'GET /api/business/by-url/{code}', 'POST /api/review/{code}/submit']

/** One side's run: a fresh database and Redis, one owner with one business, the three requests measured. */
async function runSide(cwd) {
  const { env, base, mailDir } = ownApiEnv({
    port: s.port,
    database: s.database,
    redisPort: s.redisPort,
    queuePrefix: 'rr-bench-compare',
    mailPrefix: 'rr-bench-compare-mail-',
    LIMITER_STORE: 'redis',
    RATING_IP_LIMIT_PER_MINUTE: '100000000',
  })
  await freshRedis(s.redisPort)
  let api
  try {
    api = await startHealthyApi(base, env, cwd)
    const { business } = await ownerWithBusiness(base)
    const page = await fetch(`${base}/review/${business.shortUrl}`)
    if (page.status !== 200 || !(await page.text()).includes(business.name)) throw new Error(`customer page answered ${page.status}`)
    return [
      await measure(REQUESTS[0], base, s, { method: 'GET', path: `/review/${business.shortUrl}` }),
      await measure(REQUESTS[1], base, s, { method: 'GET', path: `/api/business/by-url/${business.shortUrl}` }),
      await measure(REQUESTS[2], base, s, {
        requests: SUBMISSIONS.map((body) => ({
          method: 'POST',
          path: `/api/review/${business.shortUrl}/submit`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })),
      }),
    ]
  } finally {
    await api?.stop()
    await clearOwnApiEnv({ redisPort: s.redisPort, mailDir })
  }
}

ensureBackendBuild()
const results = { this: [], other: [] }
for (let round = 0; round < s.rounds; round++) {
  // Alternate which side goes first, so neither always runs on a warmer (or hotter) machine.
  const order = round % 2 === 0 ? ['other', 'this'] : ['this', 'other']
  for (const side of order) {
    const runs = await runSide(SIDES[side])
    results[side].push(runs)
    for (const r of runs) {
      if (r.failed) throw new Error(`${side}: ${r.name} had ${r.failed} failed requests (${JSON.stringify(r.statusCodes)})`)
      console.log(`round ${round + 1} ${side.padEnd(5)} ${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99} ms`)
    }
  }
}

console.log(
  `\nThe customer's path, this checkout vs ${resolve(other)} (${s.rounds} alternating rounds, ${s.connections} connections, ${s.duration} s each)`
)
console.log(
  `${'request'.padEnd(32)} ${'other req/s'.padStart(18)} ${'this req/s'.padStart(18)} ${'this/other'.padStart(10)} ${'p99 other'.padStart(10)} ${'p99 this'.padStart(9)}`
)
for (const [index, name] of REQUESTS.entries()) {
  const rps = (side) => results[side].map((runs) => runs[index].rps)
  const p99 = (side) => median(results[side].map((runs) => runs[index].p99))
  const cell = (side) => `${median(rps(side)).toFixed(0)} (${Math.min(...rps(side)).toFixed(0)}-${Math.max(...rps(side)).toFixed(0)})`
  const ratio = median(rps('this')) / median(rps('other'))
  console.log(
    `${name.padEnd(32)} ${cell('other').padStart(18)} ${cell('this').padStart(18)} ${ratio.toFixed(2).padStart(10)} ${String(p99('other')).padStart(10)} ${String(p99('this')).padStart(9)}`
  )
}
