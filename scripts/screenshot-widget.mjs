#!/usr/bin/env node
/*
 * Screenshots of the website widget (docs/decisions.md D49) in its three layouts on a shop's page from another
 * origin, on a phone (390 px) and a desktop (1280 px), for an English, a Hindi and a Tamil business, and once on a
 * page with hostile CSS: screenshots/widget/{layout}-{language}[-hostile]-{width}.png.
 *   npm run build --workspace landing && node scripts/screenshot-widget.mjs
 * The data comes from a stand-in app serving the built script and answers in the contract's shape
 * (scripts/lib/widget-pages.mjs); WIDGET_APP=http://127.0.0.1:3333 WIDGET_CODES=en:code,hi:code,ta:code takes the
 * script and the answers from a running app instead.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DESKTOP, PHONE, launchChromium } from './lib/chromium.mjs'
import { root } from './lib/builds.mjs'
import { hostPage, startHostSite, startStubApp } from './lib/widget-pages.mjs'

const out = join(root, 'screenshots', 'widget')
mkdirSync(out, { recursive: true })

const stub = process.env.WIDGET_APP ? null : await startStubApp()
const app = process.env.WIDGET_APP ?? stub.origin
const codes = Object.fromEntries(
  (process.env.WIDGET_CODES ?? 'en:chai-point,hi:sharma-sweets,ta:saravana-bhavan').split(',').map((pair) => pair.split(':'))
)
// The stand-in answers each code in its language.
if (stub) {
  const { widgetAnswer } = await import('./lib/widget-answers.mjs')
  const languageOf = Object.fromEntries(Object.entries(codes).map(([language, code]) => [code, language]))
  stub.close()
  Object.assign(stub, await startStubApp({ answer: (code, origin) => widgetAnswer({ code, origin, language: languageOf[code] ?? 'en' }) }))
}
const appOrigin = stub ? stub.origin : app

const site = await startHostSite((url) =>
  hostPage({
    app: appOrigin,
    widgets: [{ code: url.searchParams.get('code'), layout: url.searchParams.get('layout') }],
    hostile: url.searchParams.has('hostile'),
    lang: url.searchParams.get('lang') ?? 'en',
  })
)

const browser = await launchChromium()
const shots = []
try {
  for (const [device, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ]) {
    const context = await browser.newContext(device)
    const page = await context.newPage()
    page.on('console', (message) => message.type() === 'warning' && console.log(`  console: ${message.text()}`))
    const cases = ['badge', 'carousel', 'list'].flatMap((layout) =>
      Object.keys(codes).map((language) => ({ layout, language, hostile: false }))
    )
    cases.push({ layout: 'carousel', language: 'en', hostile: true }, { layout: 'list', language: 'hi', hostile: true })
    for (const { layout, language, hostile } of cases) {
      const query = new URLSearchParams({ code: codes[language], layout, lang: language })
      if (hostile) query.set('hostile', '1')
      await page.goto(`${site.origin}/?${query}`, { waitUntil: 'load' })
      await page.waitForFunction(() => performance.getEntriesByName('reviewroute-widget-rendered').length > 0, null, { timeout: 15_000 })
      // The lazy photos and the "Read more" measuring frame.
      await page.waitForTimeout(300)
      const path = join(out, `${layout}-${language}${hostile ? '-hostile' : ''}-${width}.png`)
      await page.screenshot({ path, fullPage: true, scale: 'css' })
      shots.push(path)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await site.close()
  await stub?.close()
}
console.log(shots.join('\n'))
