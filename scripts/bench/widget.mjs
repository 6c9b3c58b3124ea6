#!/usr/bin/env node
/*
 * npm run bench:widget: the website widget (docs/decisions.md D49) on a shop's page served from another origin,
 * in Debian's Chromium under Lighthouse's slow-4G profile (150 ms RTT, 1.6 Mbps down, 750 Kbps up) and 4x CPU
 * slowdown, in a phone-sized window (390 × 844), a cold profile each load. Prints the script's bytes (raw, gzip,
 * brotli) and the data answer's, then over BENCH_RUNS (default 5) loads the median and range of: time from the host
 * page's load event to the widget drawn (its performance mark), the page's load event with and without the snippet
 * (how much the async script delays it), and the cumulative layout shift with the bare contract snippet and with the
 * dashboard's snippet, whose div carries its layout's height (style="height:…"). Carousel layout, six reviews (the default).
 * The script and the answers come from a stand-in app serving the built widget.js (built first) and answers in the
 * contract's shape (scripts/lib/widget-pages.mjs); BENCH_APP=http://127.0.0.1:3333 BENCH_CODE=demo-cafe measures a
 * running app instead.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { launchProfile, throttleLikeAPhone } from '../lib/chromium.mjs'
import { median } from '../lib/bench.mjs'
import { root } from '../lib/builds.mjs'
import { WIDGET_JS, hostPage, recordLayoutShifts, startHostSite, startStubApp } from '../lib/widget-pages.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TARGETS = { renderedAfterLoadMs: 1000, cls: 0.05, gzipKb: 10 }
const MARK = 'reviewroute-widget-rendered'

if (!process.env.BENCH_APP) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'landing'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) throw new Error('landing build failed')
}
const stub = process.env.BENCH_APP ? null : await startStubApp()
const app = process.env.BENCH_APP ?? stub.origin
const code = process.env.BENCH_CODE ?? 'chai-point'
const site = await startHostSite((url) =>
  hostPage({
    app,
    widgets: url.searchParams.has('bare') ? [] : [{ code, layout: 'carousel' }],
    reserve: url.searchParams.has('reserve'),
  })
)

/** One cold load of the host page: load event, widget drawn, layout shifts, bytes of each response. */
async function load(query) {
  const context = await launchProfile('rr-bench-widget-', {
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  })
  try {
    await context.addInitScript(recordLayoutShifts)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await throttleLikeAPhone(cdp)
    const urls = new Map()
    const bytes = {}
    cdp.on('Network.responseReceived', ({ requestId, response }) =>
      urls.set(requestId, { url: response.url, encoding: response.headers['content-encoding'] ?? 'identity' })
    )
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const seen = urls.get(requestId)
      if (!seen) return
      const kind = /\/w\/[^/]+\.js/.test(seen.url) ? 'script' : seen.url.includes('/api/widget/') ? 'data' : 'other'
      bytes[kind] = { transferred: encodedDataLength, encoding: seen.encoding }
    })
    await page.goto(`${site.origin}/?${query}`, { waitUntil: 'load', timeout: 60_000 })
    const bare = query.includes('bare')
    if (!bare) await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 60_000 })
    await page.waitForTimeout(1000)
    const timings = await page.evaluate((mark) => {
      const navigation = performance.getEntriesByType('navigation')[0]
      const drawn = performance.getEntriesByName(mark)[0]
      return {
        loadMs: navigation.loadEventStart,
        renderedMs: drawn ? drawn.startTime : NaN,
        cls: window.__shifts.reduce((sum, shift) => sum + shift.value, 0),
      }
    }, MARK)
    return { ...timings, afterLoadMs: timings.renderedMs - timings.loadMs, bytes }
  } finally {
    await context.close()
  }
}

const summary = (values, digits = 0, unit = ' ms') =>
  `${median(values).toFixed(digits)}${unit} median (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`

try {
  const raw = readFileSync(WIDGET_JS)
  const gzip = gzipSync(raw, { level: 9 }).length
  const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  const answer = await fetch(`${app}/api/widget/${code}`)
  if (!answer.ok) throw new Error(`GET ${app}/api/widget/${code}: ${answer.status}`)
  const answerRaw = Buffer.byteLength(await answer.text())

  const plain = []
  const reserved = []
  const bare = []
  for (let i = 0; i < RUNS; i++) {
    bare.push(await load('bare'))
    plain.push(await load('widget'))
    reserved.push(await load('widget&reserve'))
  }
  const delays = plain.map((run, i) => run.loadMs - bare[i].loadMs)
  const { script, data } = plain[0].bytes

  console.log(`\nWebsite widget (carousel, 6 reviews) on a page of another origin, ${app === stub?.origin ? 'stand-in app' : app}`)
  console.log(`slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up), 4x CPU, 390 × 844, cold; ${RUNS} runs of each\n`)
  console.log(
    `script widget.js         ${(raw.length / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli; over the network ${(script.transferred / 1024).toFixed(1)} KB (${script.encoding}, with headers)`
  )
  console.log(
    `data answer              ${(answerRaw / 1024).toFixed(1)} KB raw; over the network ${(data.transferred / 1024).toFixed(1)} KB (${data.encoding}, with headers)`
  )
  console.log(`host load event, bare    ${summary(bare.map((r) => r.loadMs))}`)
  console.log(`host load event, snippet ${summary(plain.map((r) => r.loadMs))}: later by ${summary(delays)}`)
  console.log(`widget drawn             ${summary(plain.map((r) => r.renderedMs))} from navigation`)
  console.log(`widget drawn after load  ${summary(plain.map((r) => r.afterLoadMs))}   target ≤ ${TARGETS.renderedAfterLoadMs} ms`)
  console.log(
    `layout shift, bare contract snippet   ${summary(
      plain.map((r) => r.cls),
      3,
      ''
    )}`
  )
  console.log(
    `layout shift, dashboard's snippet     ${summary(
      reserved.map((r) => r.cls),
      3,
      ''
    )}   target < ${TARGETS.cls}`
  )
  // One line per target, read by npm run bench (scripts/bench/index.mjs).
  const target = (label, value, limit, ok) =>
    console.log(`${label.padEnd(36)}${value.padStart(10)}   target ${limit.padEnd(10)} ${ok ? 'OK' : 'OVER'}`)
  const drawn = median(plain.map((r) => r.afterLoadMs))
  console.log('\nAgainst the targets:')
  target('script gzip', `${(gzip / 1024).toFixed(1)} KB`, `≤ ${TARGETS.gzipKb} KB`, gzip / 1024 <= TARGETS.gzipKb)
  target('drawn after load (median)', `${drawn.toFixed(0)} ms`, `≤ ${TARGETS.renderedAfterLoadMs} ms`, drawn <= TARGETS.renderedAfterLoadMs)
  for (const [label, runs] of [
    ['layout shift, bare contract snippet', plain],
    ["layout shift, dashboard's snippet", reserved],
  ]) {
    const cls = median(runs.map((r) => r.cls))
    target(label, cls.toFixed(3), `< ${TARGETS.cls}`, cls < TARGETS.cls)
  }
} finally {
  await site.close()
  await stub?.close()
}
