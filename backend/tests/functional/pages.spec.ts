import { test } from '@japa/runner'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { assertBrowserReady } from '#tests/helpers/browser'
import { BusinessFactory, UserFactory } from '#database/factories/index'
import webConfig from '#config/web'
import { WEB_ROUTES } from '#contract/web_routes'

test.group('Pages from one origin', (group) => {
  isolated(group)
  group.setup(() => assertBrowserReady())

  test('every site route answers 200 with the site bundle', async ({ client, assert }) => {
    for (const path of WEB_ROUTES.site) {
      const response = await client.get(path).redirects(0)
      assert.equal(response.status(), 200, path)
      assert.include(response.text(), '<div id="root">', path)
    }
  })

  test('an unknown path answers 404 with the site bundle (its 404 page)', async ({ client, assert }) => {
    for (const path of [
      '/nowhere',
      '/indian/extra',
      '/review',
      '/dashboardx',
      '/business/7/extra',
      '/toString',
      '/__proto__',
      '/constructor',
    ]) {
      const response = await client.get(path)
      assert.equal(response.status(), 404, path)
      assert.include(response.text(), '<div id="root">', path)
    }
  })

  test('/home redirects to /dashboard', async ({ client, assert }) => {
    const response = await client.get('/home').redirects(0)
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/dashboard')
  })

  test('unknown API paths stay JSON 404s', async ({ client, assert }) => {
    const response = await client.get('/api/nowhere').header('accept', 'text/html')
    response.assertStatus(404)
    assert.equal(response.body().error, 'No route for GET /api/nowhere.')
  })

  test('/review/:code inlines the business and pre-paints its name', async ({ client, assert }) => {
    const { user: owner } = await ownerWithBusiness({ business: { name: 'Dosa Plaza', shortUrl: 'dosa-plaza' } })
    const response = await client.get('/review/dosa-plaza')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, '<title>Dosa Plaza · Rate your visit</title>')
    assert.include(html, 'elementtiming="business-name">Dosa Plaza</h1>')
    const data = JSON.parse(/<script id="review-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1])
    assert.equal(data.code, 'dosa-plaza')
    assert.equal(data.link.business.name, 'Dosa Plaza')
    assert.notInclude(html, owner.email)
    assert.equal(response.header('cache-control'), 'private, no-store')
  })

  test('a business name with markup cannot break out of the page', async ({ client, assert }) => {
    const owner = await UserFactory.create()
    const name = '</script><script>alert(1)</script><b>Evil</b>'
    await BusinessFactory.merge({ userId: owner.id, name, shortUrl: 'evil-name' }).create()
    const html = (await client.get('/review/evil-name')).text()
    assert.notInclude(html, '<script>alert(1)</script>')
    assert.include(html, '&lt;/script&gt;&lt;script&gt;alert(1)')
    const data = JSON.parse(/<script id="review-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1])
    assert.equal(data.link.business.name, name)
  })

  test('an unknown review code answers 404 with the page in its not-found state', async ({ client, assert }) => {
    const response = await client.get('/review/not-a-code')
    response.assertStatus(404)
    assert.include(response.text(), '"view":"not-found"')
    assert.include(response.text(), '<h1>Business Not Found</h1>')
  })

  test('built assets are served compressed and cached for good; paths cannot leave the bundle', async ({ client, assert }) => {
    const asset = readdirSync(join(webConfig.landingDist, 'assets')).find((file) => file.endsWith('.js'))!
    const response = await client.get(`/assets/${asset}`).header('accept-encoding', 'gzip')
    response.assertStatus(200)
    assert.equal(response.header('content-encoding'), 'gzip')
    assert.include(response.header('cache-control'), 'immutable')
    for (const path of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/backend/.env.example', '/assets/nope.js']) {
      assert.equal((await client.get(path)).status(), 404, path)
    }
  })

  test('public files of the site are served, HTML files are not exposed by name', async ({ client, assert }) => {
    const icon = await client.get('/favicon.svg')
    icon.assertStatus(200)
    assert.include(icon.header('content-type'), 'image/svg+xml')
    assert.equal((await client.get('/review.html')).status(), 404)
  })

  test("the dashboard's web app manifest and its icons are served at the root, so it installs", async ({ client, assert }) => {
    const manifest = await client.get('/manifest.webmanifest')
    manifest.assertStatus(200)
    assert.include(manifest.header('content-type'), 'application/manifest+json')
    const body = JSON.parse(manifest.text())
    assert.containsSubset(body, { display: 'standalone', start_url: '/dashboard' })
    for (const { src, sizes } of body.icons as { src: string; sizes: string }[]) {
      const icon = await client.get(src)
      icon.assertStatus(200)
      assert.include(icon.header('content-type'), 'image/png', `${src} (${sizes})`)
    }
    assert.equal((await client.get('/icons/../index.html')).status(), 404)
  })
})
