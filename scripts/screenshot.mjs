#!/usr/bin/env node
/*
 * Screenshots of pages at phone and desktop widths in Debian's Chromium:
 *   node scripts/screenshot.mjs http://localhost:3333 /indian /review/demo-cafe ...
 * Writes screenshots/<path>-<width>.png (full page). Options: --widths=390,1280 --out=screenshots
 * --login=email:password signs in through the API first (dashboard pages), e.g. --login=demo@reviewroute.in:reviewroute-demo
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { launchProfile } from './lib/chromium.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const [base, ...paths] = args.filter((a) => !a.startsWith('--'))
const widths = option('widths', '390,1280').split(',').map(Number)
const out = option('out', 'screenshots')
mkdirSync(out, { recursive: true })

const context = await launchProfile('rr-shot-')
const login = option('login', null)
if (login) {
  const [email, password] = [login.slice(0, login.indexOf(':')), login.slice(login.indexOf(':') + 1)]
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const { token } = await response.json()
  await context.addInitScript((value) => localStorage.setItem('reviewroute.token', value), token)
}
try {
  for (const path of paths) {
    for (const width of widths) {
      const page = await context.newPage()
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
      await page.goto(base + path, { waitUntil: 'networkidle' })
      await page.waitForTimeout(Number(option('wait', '300')))
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`
      await page.screenshot({ path: join(out, name), fullPage: true })
      console.log(join(out, name))
      await page.close()
    }
  }
} finally {
  await context.close()
}
