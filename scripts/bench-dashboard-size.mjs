#!/usr/bin/env node
/*
 * npm run bench:dashboard-size: how much JavaScript the owner dashboard costs.
 * - first screen: the gzipped JS a signed-in owner's browser downloads to show /dashboard (measured in Debian's
 *   Chromium against our own API, so code splitting is measured as it really loads);
 * - total: every JS file of the build, gzipped.
 * Builds both front ends, prepares the development database (demo owner) and runs its own API on BENCH_PORT
 * (default 3391). Target: first screen ≤ 350 KB gzipped.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startDevApi, step } from './lib/bench.mjs'
import { DESKTOP, launchProfile } from './lib/chromium.mjs'

const root = new URL('..', import.meta.url).pathname
const port = Number(process.env.BENCH_PORT ?? 3391)
const TARGET_KB = 350
const kb = (bytes) => bytes / 1024

step('build', 'npm', ['run', 'build', '--workspace', 'landing', '--workspace', 'frontend'], root)
step('database', process.execPath, ['ace.js', 'db:prepare'], join(root, 'backend'))

const dist = join(root, 'frontend', 'dist')
const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const jsFiles = readdirSync(join(dist, 'dashboard-assets')).filter((name) => name.endsWith('.js'))
const total = jsFiles.reduce((sum, name) => sum + gzipOf(join('dashboard-assets', name)), 0)

const { server, base } = await startDevApi(port)
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@reviewroute.in', password: 'reviewroute-demo' }),
  })
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`)
  const { token } = await login.json()

  const context = await launchProfile('rr-bench-', DESKTOP)
  const loaded = new Set()
  try {
    await context.addInitScript((value) => localStorage.setItem('reviewroute.token', value), token)
    const page = await context.newPage()
    page.on('response', (response) => {
      const { pathname } = new URL(response.url())
      if (pathname.startsWith('/dashboard-assets/') && pathname.endsWith('.js')) loaded.add(pathname.slice(1))
    })
    await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' })
    await page.getByText('Recent ratings', { exact: true }).first().waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
  } finally {
    await context.close()
  }
  const firstScreen = [...loaded].reduce((sum, file) => sum + gzipOf(file), 0)

  const rows = [
    [
      'first screen (/dashboard)',
      `${kb(firstScreen).toFixed(1)} KB`,
      `${loaded.size} files`,
      `≤ ${TARGET_KB} KB`,
      kb(firstScreen) <= TARGET_KB ? 'ok' : 'OVER',
    ],
    ['total (all dashboard JS)', `${kb(total).toFixed(1)} KB`, `${jsFiles.length} files`, '', ''],
  ]
  console.log('\nDashboard JavaScript, gzipped (level 9)')
  for (const row of rows) console.log(`  ${row[0].padEnd(28)}${row[1].padStart(10)}  ${row[2].padEnd(10)}${row[3].padEnd(12)}${row[4]}`)
  console.log(`  ratio first screen / total: ${(firstScreen / total).toFixed(2)}`)
} finally {
  server.kill('SIGTERM')
}
