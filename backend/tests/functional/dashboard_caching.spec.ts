/*
 * The owner dashboard on a phone (docs/architecture.md#dashboard-on-a-phone): its HTML is revalidated on every visit (it names the current
 * build), every hashed file it loads is cached for a year and never revalidated, so a repeat visit asks the network
 * for the HTML and the data only. Needs the dashboard build (npm run build --workspace frontend).
 */
import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import webConfig from '#config/web'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Every /dashboard-assets/ file the HTML names: scripts, styles, preloads, the early script's route preloads and the
 * first paint's entry.
 */
function assetsOf(html: string) {
  const found = new Set<string>()
  for (const [, path] of html.matchAll(/(?:src|href|data-first-paint)="(\/dashboard-assets\/[^"]+)"/g)) found.add(path)
  const preload = /data-preload="([^"]*)"/.exec(html)?.[1]
  if (preload) {
    const routes = JSON.parse(preload.replaceAll('&quot;', '"')) as Record<string, string[]>
    for (const paths of Object.values(routes)) for (const path of paths) found.add(path)
  }
  return [...found]
}

test.group('Dashboard caching', (group) => {
  group.setup(() => {
    if (!existsSync(join(webConfig.dashboardDist, 'index.html'))) {
      throw new Error(`No dashboard build in ${webConfig.dashboardDist}: run npm run build --workspace frontend`)
    }
  })

  test('the dashboard HTML is revalidated on every visit', async ({ client, assert }) => {
    for (const path of ['/dashboard', '/feedbacks', '/business/1']) {
      const response = await client.get(path).header('accept-encoding', 'gzip')
      response.assertStatus(200)
      assert.equal(response.header('cache-control'), 'no-cache', path)
    }
  })

  test('every hashed file the dashboard loads is cached for a year, immutable, compressed', async ({ client, assert }) => {
    const html = (await client.get('/dashboard')).text()
    const assets = assetsOf(html)
    assert.isAbove(assets.filter((path) => path.endsWith('.js')).length, 1)
    assert.isTrue(assets.some((path) => path.endsWith('.css')))
    for (const path of assets) {
      // Vite's names end in a content hash: a changed file is a new name.
      assert.match(path, /-[\w-]{8}\.(js|css)$/, path)
      const response = await client.get(path).header('accept-encoding', 'gzip')
      assert.equal(response.status(), 200, path)
      assert.equal(response.header('cache-control'), IMMUTABLE, path)
      assert.equal(response.header('content-encoding'), 'gzip', path)
    }
  })

  test('the first script starts the first screen early and names its chunks', async ({ assert, client }) => {
    const html = (await client.get('/dashboard')).text()
    const first = /<script\b[^>]*>/.exec(html)![0]
    assert.include(first, 'async')
    assert.match(first, /src="\/dashboard-assets\/early-[\w-]{8}\.js"/)
    const routes = JSON.parse(/data-preload="([^"]*)"/.exec(first)![1].replaceAll('&quot;', '"')) as Record<string, string[]>
    assert.isTrue(routes['/dashboard'].some((path) => /\/dashboard-[\w-]{8}\.js$/.test(path)))
    // The first paint (docs/decisions.md D40): its code by address (cached like the rest, see above) and its pieces.
    assert.match(first, /data-first-paint="\/dashboard-assets\/first-paint-[\w-]{8}\.js"/)
    const pieces = JSON.parse(/<script type="application\/json" id="first-paint-pieces">(.*?)<\/script>/s.exec(html)![1])
    assert.include(pieces.cards, 'aria-label="Ratings"')
  })

  test('the service worker is never cached, may control the whole site and stores the files the HTML loads', async ({ assert, client }) => {
    const html = (await client.get('/dashboard')).text()
    const response = await client.get('/dashboard-assets/sw.js').header('accept-encoding', 'gzip')
    response.assertStatus(200)
    // A fixed name: the browser has to see each new build's worker (frontend/src/providers/service-worker.ts).
    assert.equal(response.header('cache-control'), 'no-cache')
    assert.equal(response.header('service-worker-allowed'), '/')
    assert.match(response.header('content-type') ?? '', /^text\/javascript/)
    const worker = response.text()
    const scripts = assetsOf(html).filter((path) => path.endsWith('.js'))
    assert.isAbove(scripts.length, 0)
    for (const path of scripts) assert.include(worker, `"${path}"`, path)
  })
})
