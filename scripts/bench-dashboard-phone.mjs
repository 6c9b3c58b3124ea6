#!/usr/bin/env node
/*
 * npm run bench:dashboard-phone: how soon the owner's overview shows its numbers on a phone (docs/architecture.md#dashboard-on-a-phone).
 * Debian's Chromium as a phone (390 px, touch) under Lighthouse's slow-4G profile (150 ms RTT, 1.6 Mbit/s down,
 * 750 kbit/s up) and a 4x slower CPU opens /dashboard signed in, and the time from navigation start to the
 * overview's four stat cards showing their figures (the row of the `.ant-card[aria-label="Ratings"]` card with its four
 * cards, none still `.ant-card-loading`, checked on each animation frame) is taken: in the first paint drawn from
 * the early API answers (frontend/src/first-paint/, docs/decisions.md D40) or by the app, whichever is first; and,
 * for information, when the app itself has drawn them and taken over (from then on the screen responds):
 *   cold    a fresh browser profile (empty HTTP cache, no code cache), first navigation;
 *   repeat  the same profile, a new tab opening /dashboard again (what an owner coming back later gets);
 *   third   once more, for information: Chromium keeps compiled code for scripts from its cache only from the third
 *           run of a script on, so this is the owner who opens the dashboard every day.
 * Measured twice, BENCH_RUNS (5) profiles each, each one cold, one repeat and one third load:
 *   https   through Caddy terminating TLS in front of the API (scripts/lib/tls-proxy.mjs): HTTP/2 on one connection,
 *           as a phone reaches the deployed product (docker/Caddyfile with a domain); skipped, and said so, when
 *           caddy is not installed (apt-get install -y caddy);
 *   http    straight to the API over HTTP/1.1 (six connections), as earlier runs of this bench measured.
 * Chromium asks for brotli on both (127.0.0.1 is a secure origin), so both get the precompressed .br files.
 * Prints the median and the min-max range of each, the script bytes that came over the network, the machine's load,
 * and the targets: ≤ 2.5 s cold, ≤ 1.0 s repeat (medians).
 *
 * Runs the production build (backend/build, built when stale with the dashboard and site bundles; NODE_ENV=
 * production) on its own port (BENCH_PORT, default 3387), database (reviewroute_bench_phone, recreated each run)
 * and Redis (BENCH_PHONE_REDIS_PORT, default 6393, stopped at the end). The owner is registered through the API,
 * with two businesses and 1,500 ratings over the last 30 days on the first, rolled up as the nightly job does.
 * DASHBOARD_DIST serves another dashboard build (for comparing builds; nothing is rebuilt for it then);
 * BENCH_SKIP_BUILD=1 uses the builds as they are.
 */
import { cpus, loadavg } from 'node:os'
import { insertSessions, upsertPageViews } from './bench/analytics-scale.mjs'
import { median } from './lib/bench.mjs'
import { buildWorkspaces, staleWorkspaces } from './lib/builds.mjs'
import { CHROMIUM_ARGS, PHONE, launchProfile } from './lib/chromium.mjs'
import {
  ace,
  apiEnv,
  ensureBackendBuild,
  mysqlConnection,
  ownerWithBusiness,
  request,
  resetDatabase,
  startApi,
  startRedis,
  stopRedis,
  waitForApi,
} from './lib/compiled-api.mjs'
import { startTlsProxy, tlsProxyAvailable } from './lib/tls-proxy.mjs'

export const TARGETS = { coldMs: 2500, repeatMs: 1000 }
const port = Number(process.env.BENCH_PORT ?? 3387)
const redisPort = Number(process.env.BENCH_PHONE_REDIS_PORT ?? 6393)
const tlsPort = Number(process.env.BENCH_TLS_PORT ?? 3487)
const runs = Number(process.env.BENCH_RUNS ?? 5)
const DATABASE = 'reviewroute_bench_phone'
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const DAY_MS = 86_400_000

// Builds: the backend always current; the bundles too unless another dashboard build is named.
if (!process.env.BENCH_SKIP_BUILD) {
  ensureBackendBuild()
  const stale = staleWorkspaces(process.env.DASHBOARD_DIST ? ['landing'] : ['landing', 'frontend'])
  if (stale.length && buildWorkspaces(stale, { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0)
    throw new Error(`build of ${stale.join(', ')} failed`)
}

const env = apiEnv({
  PORT: String(port),
  DB_DATABASE: DATABASE,
  REDIS_PORT: String(redisPort),
  QUEUE_PREFIX: 'rr-bench-phone',
  ...(process.env.DASHBOARD_DIST ? { DASHBOARD_DIST: process.env.DASHBOARD_DIST } : {}),
})

/**
 * Installed before any page script: records, checked once per animation frame, when the overview's stat cards
 * first show their figures (the row holding the "Ratings" card has its four cards and none is still loading):
 * anywhere on the page (`__cardsVisibleAt`: the first paint's or the app's, whichever is first) and drawn by the
 * app itself (`__appCardsAt`: inside #root, with the first paint gone), when the owner can use the screen.
 */
function watchCards() {
  const shown = (scope) => {
    const row = document.querySelector(`${scope}.ant-card[aria-label="Ratings"]`)?.closest('.ant-row')
    const cards = row ? row.querySelectorAll('.ant-card') : []
    return cards.length >= 4 && ![...cards].some((card) => card.classList.contains('ant-card-loading'))
  }
  const check = () => {
    if (!window.__cardsVisibleAt && shown('')) window.__cardsVisibleAt = performance.now()
    if (!window.__appCardsAt && !document.getElementById('first-paint') && shown('#root ')) window.__appCardsAt = performance.now()
    if (!window.__appCardsAt) requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

/** One navigation to /dashboard in a new tab of `context`, throttled; the time to the cards and the bytes. */
async function load(context, base) {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const types = new Map()
    let scriptBytes = 0
    let bytes = 0
    let requests = 0
    cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type))
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      bytes += encodedDataLength
      requests++
      if (types.get(requestId) === 'Script') scriptBytes += encodedDataLength
    })
    await page.goto(`${base}/dashboard`, { waitUntil: 'commit' })
    await page.waitForFunction(() => window.__appCardsAt, null, { timeout: 60_000, polling: 100 })
    const [ms, appMs] = await page.evaluate(() => [window.__cardsVisibleAt, window.__appCardsAt])
    if (!page.url().endsWith('/dashboard')) throw new Error(`ended on ${page.url()}`)
    return { ms, appMs, scriptBytes, bytes, requests }
  } finally {
    await page.close()
  }
}

const summarize = (results) => {
  const times = results.map((r) => r.ms)
  const app = results.map((r) => r.appMs)
  return {
    app: { median: median(app), min: Math.min(...app), max: Math.max(...app) },
    median: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    scriptKb: median(results.map((r) => r.scriptBytes)) / 1024,
    kb: median(results.map((r) => r.bytes)) / 1024,
    requests: median(results.map((r) => r.requests)),
  }
}

await resetDatabase(DATABASE, env)
await startRedis(redisPort)
const api = startApi(env)
const base = `http://127.0.0.1:${port}`
try {
  await waitForApi(base, api)

  // The owner: two businesses, a month of ratings on the first (the one the overview shows), rolled up.
  const { token, business } = await ownerWithBusiness(base, { query: 'cafe' })
  const search = await request(base, 'POST', '/api/search-business', { token, body: { query: 'restaurant' } })
  const placeId = search.json?.places?.find((place) => place.place_id && place.place_id !== business.placeId)?.place_id
  const second = await request(base, 'POST', '/api/select-business', { token, body: { placeId } })
  if (second.status !== 201 && second.status !== 200) throw new Error(`select-business: ${second.status} ${second.text}`)
  const db = await mysqlConnection(DATABASE)
  try {
    const now = Date.now()
    const perDay = await insertSessions(db, business.id, 1500, now - 30 * DAY_MS, now - 60_000, 500, 20261124)
    await upsertPageViews(db, business.id, perDay, 20261124)
  } finally {
    await db.end()
  }
  ace(['analytics:rollup'], env)
  const prepare = async (context) => {
    await context.addInitScript(
      ({ token, businessId }) => {
        // Signed in as after /auth, with the first business remembered as selected.
        if (!localStorage.getItem('reviewroute.token')) localStorage.setItem('reviewroute.token', token)
        if (!localStorage.getItem('reviewroute.selectedBusiness')) localStorage.setItem('reviewroute.selectedBusiness', String(businessId))
      },
      { token, businessId: business.id }
    )
    await context.addInitScript(watchCards)
  }

  // One unthrottled, unmeasured load first: the server's (and proxy's) code paths warmed up, the build known to work.
  const warmUp = async (origin, chromiumArgs = []) => {
    const context = await launchProfile('rr-bench-phone-', { ...PHONE, args: [...CHROMIUM_ARGS, ...chromiumArgs] })
    try {
      await prepare(context)
      const page = await context.newPage()
      await page.goto(`${origin}/dashboard`)
      await page.waitForFunction(() => window.__appCardsAt, null, { timeout: 30_000 })
    } finally {
      await context.close()
    }
  }
  await warmUp(base)

  /** BENCH_RUNS fresh profiles at `origin`, each loading /dashboard cold, again (repeat) and a third time. */
  const measure = async (origin, label, chromiumArgs = []) => {
    const cold = []
    const repeat = []
    const third = []
    for (let i = 0; i < runs; i++) {
      const context = await launchProfile('rr-bench-phone-', { ...PHONE, args: [...CHROMIUM_ARGS, ...chromiumArgs] })
      try {
        await prepare(context)
        cold.push(await load(context, origin))
        repeat.push(await load(context, origin))
        third.push(await load(context, origin))
      } finally {
        await context.close()
      }
      const times = (result) => `${result.ms.toFixed(0)} ms (app ${result.appMs.toFixed(0)} ms)`
      console.error(
        `[dashboard-phone] ${label} run ${i + 1}/${runs}: cold ${times(cold[i])}, repeat ${times(repeat[i])}, third ${times(third[i])}`
      )
    }
    return { label, cold: summarize(cold), repeat: summarize(repeat), third: summarize(third) }
  }

  // As deployed: through Caddy over https (HTTP/2, brotli), when Caddy is here; and straight to the API over http.
  const results = []
  if (tlsProxyAvailable()) {
    const proxy = await startTlsProxy({ port: tlsPort, upstreamPort: port })
    try {
      await warmUp(proxy.base, proxy.chromiumArgs)
      results.push(await measure(proxy.base, 'https via Caddy (HTTP/2, as deployed)', proxy.chromiumArgs))
    } finally {
      await proxy.stop()
    }
  } else {
    console.error('[dashboard-phone] caddy or openssl not installed (apt-get install -y caddy): measuring plain http only')
  }
  results.push(await measure(base, 'http straight to the API (HTTP/1.1)'))

  console.log(`\nDashboard overview on a phone: slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), 4x CPU, ${runs} runs each`)
  for (const result of results) {
    console.log(`\n${result.label}`)
    console.log(
      `${''.padEnd(27)}${'median'.padStart(9)}  ${'range'.padEnd(15)}${'script over network'.padStart(20)}${'all bytes'.padStart(11)}${'requests'.padStart(10)}`
    )
    for (const [name, s] of [
      ['cards visible, cold', result.cold],
      ['cards visible, repeat', result.repeat],
      ['third visit (code cached)', result.third],
    ]) {
      console.log(
        `${name.padEnd(27)}${`${s.median.toFixed(0)} ms`.padStart(9)}  ${`${s.min.toFixed(0)}-${s.max.toFixed(0)} ms`.padEnd(15)}${`${s.scriptKb.toFixed(1)} KB`.padStart(20)}${`${s.kb.toFixed(1)} KB`.padStart(11)}${String(s.requests).padStart(10)}`
      )
    }
    for (const [name, s] of [
      ['  the app drawn, cold', result.cold],
      ['  the app drawn, repeat', result.repeat],
      ['  the app drawn, third', result.third],
    ]) {
      console.log(
        `${name.padEnd(27)}${`${s.app.median.toFixed(0)} ms`.padStart(9)}  ${`${s.app.min.toFixed(0)}-${s.app.max.toFixed(0)} ms`.padEnd(15)}`
      )
    }
  }
  console.log(
    `\nmachine: ${cpus().length} CPUs, load ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`
  )
  console.log('\nAgainst the targets (medians):')
  for (const result of results) {
    for (const [name, s, target] of [
      ['cold', result.cold, TARGETS.coldMs],
      ['repeat', result.repeat, TARGETS.repeatMs],
    ]) {
      console.log(
        `${`${name}, ${result.label}`.padEnd(52)} ${`${s.median.toFixed(0)} ms`.padStart(8)} (${s.min.toFixed(0)}-${s.max.toFixed(0)} ms, script ${s.scriptKb.toFixed(1)} KB)   target ≤ ${target} ms   ${s.median <= target ? 'OK' : 'OVER'}`
      )
    }
  }
} finally {
  await api.stop()
  await stopRedis(redisPort).catch(() => undefined)
}
