#!/usr/bin/env node
/*
 * npm run bench: every benchmark in turn, then one summary table.
 *   1. scripts/bench/api.mjs              API throughput with autocannon (production build)
 *   2. scripts/bench/analytics-scale.mjs  dashboard calls on a business with 1M sessions
 *   3. scripts/bench-review-page.mjs      customer page on slow 4G (Chromium)
 *   4. scripts/bench-dashboard-size.mjs   dashboard JavaScript size (Chromium)
 *   5. scripts/bench-dashboard-phone.mjs  dashboard overview on a phone, slow 4G + 4x CPU, cold and repeat, over https
 *                                        through Caddy (when installed) and plain http (Chromium)
 *   6. scripts/bench/google-sync.mjs      Google review import, 200 locations × 500 reviews, under GOOGLE_API_QPM
 *   7. scripts/bench/google-inbox.mjs     Google reviews inbox list and figures over 100,000 reviews
 *   8. scripts/bench/widget.mjs           website widget on a shop's page of another origin, slow 4G + 4x CPU (Chromium)
 * A benchmark that crashes is reported as FAILED and the others still run; the exit code is 1 then. Missing a
 * target is not a failure: it is shown in the table. Settings: see each script (BENCH_DURATION,
 * BENCH_CONNECTIONS, BENCH_SCALE_*, BENCH_RUNS...). Not part of npm test.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import * as api from './api.mjs'
import * as analyticsScale from './analytics-scale.mjs'
import * as googleSync from './google-sync.mjs'
import * as googleInbox from './google-inbox.mjs'

const root = new URL('../..', import.meta.url).pathname
const summary = []
let failed = 0

function record(bench, measure, value, target, verdict) {
  summary.push({ bench, measure, value, target, verdict })
}

async function step(name, fn) {
  console.log(`\n=== ${name} ===`)
  const started = Date.now()
  try {
    await fn()
  } catch (error) {
    failed++
    console.error(error)
    record(
      name,
      'FAILED',
      String(error?.message ?? error)
        .split('\n')[0]
        .slice(0, 60),
      '',
      'FAILED'
    )
  }
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`)
}

/** Runs one of the existing bench scripts on its own port, streaming its output; resolves with the output. */
function script(file, port) {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(process.execPath, [join(root, 'scripts', file)], {
      cwd: root,
      env: { ...process.env, BENCH_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout.on('data', (chunk) => {
      output += chunk
      process.stdout.write(chunk)
    })
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${file} exited with ${code}`))))
  })
}

await step('api', async () => {
  const result = await api.run()
  console.log(`\n${api.format(result)}`)
  for (const r of result.rows) {
    record(
      'api',
      r.name,
      `${r.rps.toFixed(0)} req/s, p50 ${r.p50} / p99 ${r.p99} ms, ${r.ratio.toFixed(2)}× bare`,
      r.target || 'reference',
      r.verdict
    )
  }
})

await step('analytics-scale', async () => {
  const result = await analyticsScale.run()
  console.log(`\n${analyticsScale.format(result)}`)
  for (const r of result.rows) {
    record('analytics-scale', r.name, `median ${r.median.toFixed(1)} ms (max ${r.max.toFixed(1)})`, r.target, r.verdict)
  }
})

await step('review-page', async () => {
  const output = await script('bench-review-page.mjs', process.env.BENCH_REVIEW_PAGE_PORT ?? 3388)
  const pattern =
    /^(bytes transferred \(gzip\)|business name painted|star tap works without JS|star tap works \(app interactive\))\s+([\d.]+) (KB|ms)\s+target ≤ (\S+ \S+)\s+(OK|OVER)/gm
  let found = 0
  for (const [, label, value, unit, target, verdict] of output.matchAll(pattern)) {
    found++
    record('review-page', label, `${value} ${unit} (median)`, `≤ ${target}`, verdict === 'OK' ? 'ok' : 'MISS')
  }
  if (!found) throw new Error('no results in the output of bench-review-page.mjs')
})

await step('dashboard-size', async () => {
  const output = await script('bench-dashboard-size.mjs', process.env.BENCH_DASHBOARD_PORT ?? 3389)
  const pattern =
    /^\s+(first screen \(\/dashboard\)|total \(all dashboard JS\))\s+([\d.]+ KB)\s+(\d+ files)\s*(≤ \d+ KB)?\s*(ok|OVER)?\s*$/gm
  let found = 0
  for (const [, label, value, files, target, verdict] of output.matchAll(pattern)) {
    found++
    record('dashboard-size', label, `${value} gzipped, ${files}`, target ?? '', verdict === 'OVER' ? 'MISS' : (verdict ?? ''))
  }
  if (!found) throw new Error('no results in the output of bench-dashboard-size.mjs')
})

await step('dashboard-phone', async () => {
  const output = await script('bench-dashboard-phone.mjs', process.env.BENCH_DASHBOARD_PHONE_PORT ?? 3387)
  const pattern = /^((?:cold|repeat), .+?)\s+(\d+) ms \((\d+-\d+) ms, script ([\d.]+) KB\)\s+target ≤ (\d+) ms\s+(OK|OVER)/gm
  let found = 0
  for (const [, label, median, range, script, target, verdict] of output.matchAll(pattern)) {
    found++
    record(
      'dashboard-phone',
      label,
      `${median} ms median (${range} ms), script ${script} KB`,
      `≤ ${target} ms`,
      verdict === 'OK' ? 'ok' : 'MISS'
    )
  }
  if (!found) throw new Error('no results in the output of bench-dashboard-phone.mjs')
})

await step('google-sync', async () => {
  const r = await googleSync.run()
  record(
    'google-sync',
    `${r.pages} import pages`,
    `${r.seconds.toFixed(1)} s, ${r.requests} requests, ${r.busiest} in the busiest minute`,
    `≤ ${r.qpm}/min`,
    r.busiest <= r.qpm ? 'ok' : 'MISS'
  )
})

await step('google-inbox', async () => {
  const result = await googleInbox.run()
  console.log(`\n${googleInbox.format(result)}`)
  for (const r of result.rows) {
    record(
      'google-inbox',
      r.name,
      `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} (${r.min.toFixed(1)}-${r.max.toFixed(1)})`,
      r.target,
      r.verdict
    )
  }
})

await step('widget', async () => {
  const output = await script('bench/widget.mjs', 0)
  const pattern =
    /^(script gzip|drawn after load \(median\)|layout shift, [\w ,]+?)\s+([\d.]+(?: KB| ms)?)\s+target (\S+ [\d.]+(?: KB| ms)?)\s+(OK|OVER)$/gm
  let found = 0
  for (const [, label, value, target, verdict] of output.matchAll(pattern)) {
    found++
    record('widget', label, value, target, verdict === 'OK' ? 'ok' : 'MISS')
  }
  if (!found) throw new Error('no results in the output of bench/widget.mjs')
})

const widths = {
  bench: Math.max(5, ...summary.map((r) => r.bench.length)),
  measure: Math.max(7, ...summary.map((r) => r.measure.length)),
  value: Math.max(5, ...summary.map((r) => r.value.length)),
  target: Math.max(6, ...summary.map((r) => r.target.length)),
}
const line = (r) =>
  `${r.bench.padEnd(widths.bench)}  ${r.measure.padEnd(widths.measure)}  ${r.value.padEnd(widths.value)}  ${r.target.padEnd(widths.target)}  ${r.verdict}`
console.log(
  `\n=== Summary (${new Date().toISOString()}, ${(await import('node:os')).cpus().length} CPUs, load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}) ===`
)
console.log(line({ bench: 'bench', measure: 'measure', value: 'value', target: 'target', verdict: 'verdict' }))
console.log(
  line({
    bench: '-'.repeat(widths.bench),
    measure: '-'.repeat(widths.measure),
    value: '-'.repeat(widths.value),
    target: '-'.repeat(widths.target),
    verdict: '-------',
  })
)
for (const row of summary) console.log(line(row))
const count = (verdict) => summary.filter((r) => r.verdict === verdict).length
console.log(`\n${count('ok')} within target, ${count('MISS')} missed, ${failed} benchmark(s) failed`)
process.exitCode = failed ? 1 : 0
