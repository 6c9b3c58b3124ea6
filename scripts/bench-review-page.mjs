#!/usr/bin/env node
/*
 * npm run bench:review-page: loads a customer review link in Debian's Chromium under Lighthouse's slow-4G
 * profile (150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4x CPU slowdown), cold cache each run, in each of the nine
 * languages (`?lang=xx`), with JavaScript on and off, and prints per language the medians of: bytes transferred
 * (HTML + JS + CSS, gzip), time until the business name is painted, time until a star tap works without scripts
 * (the first contentful paint: the whole rating form is in the first HTML and its CSS blocks rendering, so the first
 * paint holds the name and the star buttons, which post the form; their presence is checked) and with scripts
 * (the bundle has taken over: `performance.mark('review-interactive')`).
 * It builds the landing bundle and the backend, prepares a database of its own (reviewroute_bench_page, afresh, with
 * the development seed's /review/demo-cafe) and runs the compiled API in production mode, as a deployment serves the
 * page, on BENCH_PORT (default 3390) with its own Redis on BENCH_REDIS_PORT (default 6394). BENCH_RUNS (default 3)
 * cold loads per language and mode; BENCH_LANGUAGES (default all nine, comma-separated). BENCH_BRANDED=true
 * measures the page under an agency's brand: the demo business's workspace becomes a client of an agency with a
 * name and a 96×32 PNG logo whose pixels do not compress (9.3 KB; its bytes are shown apart from the page's, which
 * the target is for).
 * The customer's first tap, as a phone sees it (docs/decisions.md D62): with scripts on, a 2-star tap is sent the
 * moment Chromium reports the first contentful paint (at the star's place, found by an unthrottled load first), and
 * the time from opening the link until the feedback screen is drawn is measured, whether the server's form or the
 * script answered it; with the bytes received until the tap. BENCH_BUILD=false skips the landing build and serves
 * the one in LANDING_DIST (to compare two builds side by side).
 */
import { startOwnApi, step } from './lib/bench.mjs'
import { launchProfile, throttleLikeAPhone } from './lib/chromium.mjs'
import { ensureBackendBuild, mysqlConnection, ownApiEnv, resetDatabase } from './lib/compiled-api.mjs'
import { brandDemoBusiness } from './lib/branded-demo.mjs'

const root = new URL('..', import.meta.url).pathname
const port = Number(process.env.BENCH_PORT ?? 3390)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const path = process.env.BENCH_PATH ?? '/review/demo-cafe'
const LANGUAGES = (process.env.BENCH_LANGUAGES ?? 'en,hi,bn,mr,te,ta,gu,kn,ml').split(',')
const TARGETS = { kb: 90, nameMs: 1000, tapNoJsMs: 1000, interactiveMs: 1800, feedbackMs: 1200, kbBeforeTap: 20 }
const TAPPED_STAR = 2

if (process.env.BENCH_BUILD !== 'false') step('landing build', 'npm', ['run', 'build', '--workspace', 'landing'], root)
ensureBackendBuild()
const own = ownApiEnv({
  port,
  database: 'reviewroute_bench_page',
  redisPort: Number(process.env.BENCH_REDIS_PORT ?? 6394),
  queuePrefix: 'rr-bench-page',
  mailPrefix: 'rr-bench-page-mail-',
  ...(process.env.LANDING_DIST ? { LANDING_DIST: process.env.LANDING_DIST } : {}),
})
const { base } = own
// The demo business comes from the development seed; the API itself then runs as in production.
await resetDatabase(own.env.DB_DATABASE, { ...own.env, NODE_ENV: 'development' })
const branded = process.env.BENCH_BRANDED === 'true'
if (branded) {
  const db = await mysqlConnection(own.env.DB_DATABASE)
  try {
    await brandDemoBusiness(db, path.split('/').pop().split('?')[0])
  } finally {
    await db.end()
  }
}

const { stop } = await startOwnApi(own)

/** One cold load of `url`; with `scripts` false the context runs no page JavaScript at all. */
async function measure(url, scripts) {
  const context = await launchProfile('rr-bench-', {
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    javaScriptEnabled: scripts,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await throttleLikeAPhone(cdp)
    // The target is stated for gzip: ask for gzip only.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } })
    // The page's own bytes, and the brand's logo apart: an image of the agency's (up to 100 KB), fetched last.
    let bytes = 0
    let logoBytes = 0
    const logos = new Set()
    const encodings = new Set()
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (new URL(response.url).pathname.startsWith('/brand-logos/')) return logos.add(requestId)
      encodings.add(response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity')
    })
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (logos.has(requestId)) logoBytes += encodedDataLength
      else bytes += encodedDataLength
    })

    await page.goto(url, { waitUntil: 'load' })
    if (scripts) await page.waitForFunction(() => performance.getEntriesByName('review-interactive').length > 0, null, { timeout: 30_000 })
    await page.waitForTimeout(300)
    // Evaluated by DevTools, which also runs where the page's scripts are off; there no timer or observer callback
    // runs, so the element timing of the name is read only with scripts.
    const timings = await page.evaluate(async (observe) => {
      const entries = observe
        ? await new Promise((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'element', buffered: true })
            setTimeout(() => resolve([]), 1000)
          })
        : []
      // The first paint of the name: the server's element (the script's copy of it, painted later, comes second).
      const named = entries.filter((entry) => entry.identifier === 'business-name').sort((a, b) => a.renderTime - b.renderTime)[0]
      const mark = performance.getEntriesByName('review-interactive')[0]
      const contentful = performance.getEntriesByName('first-contentful-paint')[0]
      return {
        nameMs: named ? named.renderTime || named.loadTime : NaN,
        paintMs: contentful ? contentful.startTime : NaN,
        interactiveMs: mark ? mark.startTime : NaN,
        // The star buttons of the server's form, there and enabled (a tap posts the form).
        stars: document.querySelectorAll('form.rate button.star[name=rating]:enabled').length,
        lang: document.documentElement.lang,
      }
    }, scripts)
    if (timings.stars !== 5) throw new Error(`${url}: ${timings.stars} enabled star buttons`)
    return { bytes, logoBytes, encodings: [...encodings].join('/'), ...timings, tapMs: scripts ? timings.interactiveMs : timings.paintMs }
  } finally {
    await context.close()
  }
}

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const starSelector = `form.rate button.star[name=rating][value="${TAPPED_STAR}"]`

/** Where the tapped star sits at 390 px in this language, from a load without throttling. */
async function starPoint(url) {
  const context = await launchProfile('rr-bench-', {
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_AGENT,
    javaScriptEnabled: false,
  })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    const box = await page.locator(starSelector).boundingBox()
    if (!box) throw new Error(`${url}: no star ${TAPPED_STAR}`)
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  } finally {
    await context.close()
  }
}

/**
 * One cold load with scripts on, a tap on the star the moment the first contentful paint is reported, and the time
 * until the feedback screen is drawn: by the script in the same page, or by the server's answer to the form.
 */
async function measureTap(url, point) {
  const context = await launchProfile('rr-bench-', {
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_AGENT,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    // In every document of the visit: when a feedback form's text box is first in the page, the next frame's time.
    await page.addInitScript(() => {
      const mark = () => {
        if (window.__feedbackAt || !document.querySelector('form.feedback textarea')) return
        window.__feedbackAt = -1
        requestAnimationFrame(() => (window.__feedbackAt = performance.timeOrigin + performance.now()))
      }
      new MutationObserver(mark).observe(document, { childList: true, subtree: true })
    })
    const cdp = await context.newCDPSession(page)
    await throttleLikeAPhone(cdp)
    // Cold: a fresh profile. The cache stays on within the visit, as on a phone (the feedback page's CSS is the same file).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } })
    await cdp.send('Page.enable')
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true })
    const received = new Map()
    let tapped = false
    cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
      if (!tapped) received.set(requestId, (received.get(requestId) ?? 0) + encodedDataLength)
    })
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (!tapped) received.set(requestId, encodedDataLength)
    })
    const painted = new Promise((resolve) =>
      cdp.on('Page.lifecycleEvent', ({ name }) => {
        if (name === 'firstContentfulPaint') resolve()
      })
    )
    const openedAt = Date.now()
    const opening = page.goto(url, { waitUntil: 'commit' })
    await painted
    const tapAt = Date.now()
    tapped = true
    const bytesBeforeTap = [...received.values()].reduce((sum, value) => sum + value, 0)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await opening
    await page
      .waitForFunction(() => window.__feedbackAt > 0, null, { timeout: 30_000, polling: 100 })
      .catch(async () => {
        // The server's answer replaced the document while the function waited: ask the new one.
        await page.waitForFunction(() => window.__feedbackAt > 0, null, { timeout: 30_000, polling: 100 })
      })
    const feedbackAt = await page.evaluate(() => window.__feedbackAt)
    return { tapMs: tapAt - openedAt, feedbackMs: feedbackAt - openedAt, bytesBeforeTap }
  } finally {
    await context.close()
  }
}

// A run without the entry (Chromium sometimes records no paint timing with scripts off) does not count.
const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

try {
  const rows = []
  for (const language of LANGUAGES) {
    const url = `${base}${path}${path.includes('?') ? '&' : '?'}lang=${language}`
    const on = []
    const off = []
    const taps = []
    const point = await starPoint(url)
    for (let i = 0; i < runs; i++) {
      on.push(await measure(url, true))
      off.push(await measure(url, false))
      taps.push(await measureTap(url, point))
    }
    if (on[0].lang !== language) throw new Error(`${url} answered in ${on[0].lang}`)
    rows.push({
      language,
      kb: median(on.map((r) => r.bytes)) / 1024,
      kbNoJs: median(off.map((r) => r.bytes)) / 1024,
      logoKb: median(on.map((r) => r.logoBytes)) / 1024,
      nameMs: median(on.map((r) => r.nameMs)),
      paintMs: median(on.map((r) => r.paintMs)),
      tapNoJsMs: median(off.map((r) => r.tapMs)),
      interactiveMs: median(on.map((r) => r.interactiveMs)),
      encodings: [...new Set(on.map((r) => r.encodings))].join(', '),
      tapMs: median(taps.map((r) => r.tapMs)),
      feedbackMs: median(taps.map((r) => r.feedbackMs)),
      feedbackRange: [Math.min(...taps.map((r) => r.feedbackMs)), Math.max(...taps.map((r) => r.feedbackMs))],
      kbBeforeTap: median(taps.map((r) => r.bytesBeforeTap)) / 1024,
    })
  }
  const all = (key) => rows.map((r) => r[key])
  console.log(
    `\nReview page ${path}${branded ? ' under an agency brand' : ''}, slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4x CPU), median of ${runs} cold loads per language and mode`
  )
  console.log(`encodings seen: ${[...new Set(all('encodings'))].join(', ')}`)
  console.log(
    `\n${'lang'.padEnd(6)}${'KB gzip (HTML+JS+CSS)'.padStart(23)}${'KB without JS'.padStart(15)}${'name painted'.padStart(14)}${'first paint'.padStart(13)}${'tap works, no JS'.padStart(18)}${'tap works, JS'.padStart(15)}`
  )
  for (const r of rows) {
    console.log(
      `${r.language.padEnd(6)}${r.kb.toFixed(1).padStart(23)}${r.kbNoJs.toFixed(1).padStart(15)}${`${r.nameMs.toFixed(0)} ms`.padStart(14)}${`${r.paintMs.toFixed(0)} ms`.padStart(13)}${`${r.tapNoJsMs.toFixed(0)} ms`.padStart(18)}${`${r.interactiveMs.toFixed(0)} ms`.padStart(15)}`
    )
  }
  console.log(`\nA ${TAPPED_STAR}-star tap at the first contentful paint, scripts on (median of ${runs}; range):`)
  console.log(
    `${'lang'.padEnd(6)}${'tapped at'.padStart(11)}${'feedback screen'.padStart(17)}${'range'.padStart(17)}${'KB before the tap'.padStart(19)}`
  )
  for (const r of rows) {
    console.log(
      `${r.language.padEnd(6)}${`${r.tapMs.toFixed(0)} ms`.padStart(11)}${`${r.feedbackMs.toFixed(0)} ms`.padStart(17)}${`${r.feedbackRange.map((ms) => ms.toFixed(0)).join('-')} ms`.padStart(17)}${r.kbBeforeTap.toFixed(1).padStart(19)}`
    )
  }
  const row = (label, value, target, unit) =>
    `${label.padEnd(34)} ${value.toFixed(unit === 'KB' ? 1 : 0).padStart(8)} ${unit}   target ≤ ${target} ${unit}   ${value <= target ? 'OK' : 'OVER'}   (${(value / target).toFixed(2)} of target)`
  if (branded)
    console.log(`\nThe brand's logo, apart from the page's bytes: ${Math.max(...all('logoKb')).toFixed(1)} KB (fetched last, low priority)`)
  console.log('\nWorst language against the targets:')
  console.log(row('page bytes transferred (gzip)', Math.max(...all('kb')), TARGETS.kb, 'KB'))
  console.log(row('business name painted', Math.max(...all('nameMs')), TARGETS.nameMs, 'ms'))
  console.log(row('star tap works without JS', Math.max(...all('tapNoJsMs')), TARGETS.tapNoJsMs, 'ms'))
  console.log(row('star tap works (app interactive)', Math.max(...all('interactiveMs')), TARGETS.interactiveMs, 'ms'))
  console.log(row('first tap: feedback screen shown', Math.max(...all('feedbackMs')), TARGETS.feedbackMs, 'ms'))
  console.log(row('bytes before the tap (gzip)', Math.max(...all('kbBeforeTap')), TARGETS.kbBeforeTap, 'KB'))
} finally {
  await stop()
}
