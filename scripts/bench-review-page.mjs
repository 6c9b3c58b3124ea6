#!/usr/bin/env node
/*
 * npm run bench:review-page: loads a customer review link in Debian's Chromium under Lighthouse's slow-4G
 * profile (150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4x CPU slowdown), cold cache each run, and prints the
 * medians of: bytes transferred (gzip), time until the business name is painted, time until a star tap works.
 * It builds the landing bundle, prepares the development database (demo seed: /review/demo-cafe) and runs
 * its own API on BENCH_PORT (default 3390).
 */
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { launchProfile } from './lib/chromium.mjs'

const root = new URL('..', import.meta.url).pathname
const port = Number(process.env.BENCH_PORT ?? 3390)
const runs = Number(process.env.BENCH_RUNS ?? 7)
const path = process.env.BENCH_PATH ?? '/review/demo-cafe'
const TARGETS = { kb: 90, nameMs: 1000, interactiveMs: 1800 }

const step = (label, command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${label} failed`)
}
step('landing build', 'npm', ['run', 'build', '--workspace', 'landing'], root)
step('database', process.execPath, ['ace.js', 'db:prepare'], join(root, 'backend'))

const server = spawn(process.execPath, ['--import', 'ts-node-maintained/register/esm', 'bin/server.js'], {
  cwd: join(root, 'backend'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'development' },
  stdio: 'ignore',
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).status < 600) break
  } catch {}
  if (i > 100) throw new Error('API did not start')
  await new Promise((resolve) => setTimeout(resolve, 200))
}

async function measure() {
  const context = await launchProfile('rr-bench-', {
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    // The target is stated for gzip: ask for gzip only.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let bytes = 0
    const encodings = new Set()
    cdp.on('Network.responseReceived', ({ response }) => encodings.add(response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity'))
    cdp.on('Network.loadingFinished', ({ encodedDataLength }) => (bytes += encodedDataLength))

    await page.goto(base + path, { waitUntil: 'load' })
    await page.waitForFunction(() => performance.getEntriesByName('review-interactive').length > 0, null, { timeout: 30_000 })
    await page.waitForTimeout(300)
    const timings = await page.evaluate(async () => {
      const named = await new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'element', buffered: true })
        setTimeout(() => resolve([]), 1000)
      })
      const name = named.find((entry) => entry.identifier === 'business-name')
      return {
        nameMs: name ? name.renderTime || name.loadTime : NaN,
        interactiveMs: performance.getEntriesByName('review-interactive')[0].startTime,
      }
    })
    return { bytes, encodings: [...encodings].join('/'), ...timings }
  } finally {
    await context.close()
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

try {
  const results = []
  for (let i = 0; i < runs; i++) results.push(await measure())
  const kb = median(results.map((r) => r.bytes)) / 1024
  const nameMs = median(results.map((r) => r.nameMs))
  const interactiveMs = median(results.map((r) => r.interactiveMs))
  const row = (label, value, target, unit) =>
    `${label.padEnd(34)} ${value.toFixed(unit === 'KB' ? 1 : 0).padStart(8)} ${unit}   target ≤ ${target} ${unit}   ${value <= target ? 'OK' : 'OVER'}   (${(value / target).toFixed(2)} of target)`
  console.log(`\nReview page ${path}, slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4x CPU), median of ${runs} cold loads`)
  console.log(`encodings seen: ${[...new Set(results.map((r) => r.encodings))].join(', ')}`)
  console.log(row('bytes transferred (gzip)', kb, TARGETS.kb, 'KB'))
  console.log(row('business name painted', nameMs, TARGETS.nameMs, 'ms'))
  console.log(row('star tap works (app interactive)', interactiveMs, TARGETS.interactiveMs, 'ms'))
  console.log(`runs (KB / name ms / interactive ms): ${results.map((r) => `${(r.bytes / 1024).toFixed(1)}/${r.nameMs.toFixed(0)}/${r.interactiveMs.toFixed(0)}`).join('  ')}`)
} finally {
  server.kill('SIGTERM')
}
