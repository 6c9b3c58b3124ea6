/*
 * Every address the apps show is served (docs/architecture.md#pages): the routes of the dashboard's and the site's
 * routers (read from their source, tests/helpers/app_routes.ts) and the server's own page routes (read from the
 * router, so a new one is covered without touching this file) are each asked for as a reload or a bookmark asks:
 * a GET with `Accept: text/html`, redirects followed. Each answers 200 with its app's page: the dashboard's or the
 * site's built HTML, or the page the server renders (the customer page, the widget's frame).
 */
import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import webConfig from '#config/web'
import { isolated } from '#tests/helpers/setup'
import { ownerWithBusiness } from '#tests/helpers/owners'
import { assertDashboardReady } from '#tests/helpers/browser'
import { routerPaths } from '#tests/helpers/app_routes'
import { ReviewRequestFactory } from '#database/factories/index'
import { DEMO_PLACE_ID_PREFIX } from '#contract/demo_places'
import { demoGooglePage } from '#web/demo_google_page'

const repo = (path: string) => app.makePath('..', path)

/** The front ends' routers: the file and where its <Routes> are mounted (the console's under app.tsx's /admin/*). */
const DASHBOARD_ROUTERS = [
  { file: 'frontend/src/app.tsx', base: '/' },
  { file: 'frontend/src/pages/admin/index.tsx', base: '/admin' },
]
const SITE_ROUTERS = [{ file: 'landing/src/site/app.tsx', base: '/' }]

/** Routes outside /api that are files or machine answers, not pages a person opens; and the fallback itself. */
const NOT_PAGES = new Set(['/assets/*', '/dashboard-assets/*', '/brand-logos/:file', '/metrics', '/*'])

type Shell = 'dashboard' | 'site' | 'review page' | 'widget page' | 'demo listing page'

/** What each server page route shows; a new page route needs its line here (the test says so). */
const SERVER_PAGES: Record<string, Shell> = {
  '/review/:code': 'review page',
  '/review/:code/feedback': 'review page',
  // A real listing's goes on to Google; the fixture is a demo listing, whose note is ours.
  '/review/:code/google': 'demo listing page',
  '/thanks': 'review page',
  '/r/:token': 'review page',
  '/r/:token/stop': 'review page',
  '/w/:code': 'widget page',
}

/** The server's routes outside /api, one pattern each whatever its methods (a POST's address is shown after it too). */
function serverPagePatterns() {
  const all = Object.values(router.toJSON()).flat() as unknown as { pattern: string }[]
  const patterns = all.map((route) => route.pattern).filter((pattern) => !pattern.startsWith('/api/') && !NOT_PAGES.has(pattern))
  return [...new Set(patterns)].sort()
}

test.group('Every address the apps show is served', (group) => {
  isolated(group)
  group.setup(() => assertDashboardReady())

  test('a reload of each route of the routers answers 200 with its app', async ({ client, assert }) => {
    const { business } = await ownerWithBusiness({
      business: { shortUrl: 'route-list-cafe', placeId: `${DEMO_PLACE_ID_PREFIX}route-list` },
    })
    const request = await ReviewRequestFactory.apply('sent').merge({ businessId: business.id }).create()
    const samples: Record<string, string> = { businessId: String(business.id), code: business.shortUrl, token: request.token }
    const fill = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? '7')

    const dashboardHtml = readFileSync(join(webConfig.dashboardDist, 'index.html'), 'utf8')
    const siteHtml = readFileSync(join(webConfig.landingDist, 'index.html'), 'utf8')
    const isShell: Record<Shell, (html: string) => boolean> = {
      'dashboard': (html) => html === dashboardHtml,
      'site': (html) => html === siteHtml,
      'review page': (html) => html.includes('<script id="review-data" type="application/json">'),
      'widget page': (html) => html.includes(`data-reviewroute="${business.shortUrl}"`),
      'demo listing page': (html) => html === demoGooglePage(business.name, `/review/${business.shortUrl}`),
    }
    // Redirects within the product are followed, as a browser would; one to another site fails (it is not served here).
    const reload = async (path: string) => {
      let response = await client.get(path).header('accept', 'text/html').header('accept-encoding', 'identity').redirects(0)
      for (let hop = 0; hop < 3 && [301, 302, 303, 307, 308].includes(response.status()); hop++) {
        const location = response.header('location') ?? ''
        if (!location.startsWith('/')) break
        response = await client.get(location).header('accept', 'text/html').header('accept-encoding', 'identity').redirects(0)
      }
      return response
    }

    const routes: { pattern: string; from: string; shell: Shell }[] = [
      ...DASHBOARD_ROUTERS.flatMap(({ file, base }) =>
        routerPaths(repo(file), base).map((pattern) => ({ pattern, from: file, shell: 'dashboard' as const }))
      ),
      ...SITE_ROUTERS.flatMap(({ file, base }) =>
        routerPaths(repo(file), base).map((pattern) => ({ pattern, from: file, shell: 'site' as const }))
      ),
      ...serverPagePatterns().map((pattern) => ({ pattern, from: 'start/routes.ts', shell: SERVER_PAGES[pattern] })),
    ]
    // The readers found the routers (a renamed file or a rewritten router would otherwise pass with nothing to check).
    for (const known of ['/dashboard', '/business/:businessId', '/admin/users', '/', '/contact-us', '/review/:code']) {
      assert.isTrue(
        routes.some((route) => route.pattern === known),
        `${known} not found among the routes read`
      )
    }

    const failures: string[] = []
    for (const { pattern, from, shell } of routes) {
      if (!shell) {
        failures.push(`${pattern} (${from}): a page route without its expected page in SERVER_PAGES`)
        continue
      }
      const path = fill(pattern)
      const response = await reload(path)
      if (response.status() !== 200 || !isShell[shell](response.text())) {
        failures.push(`${path} (${from}): ${response.status()}, ${isShell[shell](response.text()) ? '' : 'not '}the ${shell}`)
      }
    }
    assert.deepEqual(failures, [])
  })
})
