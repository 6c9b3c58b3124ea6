import { join } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import { bundles } from '#web/bundles'
import { WEB_REDIRECTS, webAreaOf } from '#contract/web_routes'
import { sendHtml } from '#web/html_response'
import { resolveInside, sendFile } from '#web/static_files'
import { NotFoundError } from '#exceptions/app_errors'

const pathOf = (ctx: HttpContext) => ctx.request.url().split('?')[0]

/** Every page of the product from one origin (docs/decisions.md D12): site, dashboard, their assets, 404 (the review page: review_page_controller). */
/** Files of the dashboard's public folder served at the root (frontend/public). */
const DASHBOARD_ROOT_FILES = new Set(['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/badge-96.png'])

export default class PagesController {
  /** Hashed build assets of either bundle. */
  async asset(ctx: HttpContext) {
    const path = pathOf(ctx)
    const root = path.startsWith('/dashboard-assets/') ? bundles.dashboardDist : bundles.landingDist
    const file = resolveInside(root, path)
    // The dashboard's service worker (frontend/src/providers/service-worker.ts): a fixed name, so never cached, and
    // allowed to control the whole origin (the dashboard's pages are not under /dashboard-assets/).
    if (file && path === '/dashboard-assets/sw.js') {
      if (await sendFile(ctx, file, false)) {
        ctx.response.header('Cache-Control', 'no-cache')
        ctx.response.header('Service-Worker-Allowed', '/')
        return
      }
    } else if (file && (await sendFile(ctx, file, true))) return
    ctx.response.status(404).header('Content-Type', 'text/plain; charset=utf-8').send('Not found')
  }

  /** Everything else: site pages, dashboard routes, public files, and the 404 page (site bundle, status 404). */
  async page(ctx: HttpContext) {
    const path = pathOf(ctx)
    if (path === '/api' || path.startsWith('/api/')) {
      throw new NotFoundError(`No route for ${ctx.request.method()} ${path}.`)
    }
    const redirect = WEB_REDIRECTS.get(path)
    if (redirect) return ctx.response.redirect(redirect)

    const area = webAreaOf(path)
    if (area === 'dashboard') return sendHtml(ctx, 200, await bundles.dashboardHtml())
    if (area === 'site') return sendHtml(ctx, 200, await bundles.siteHtml())
    // The dashboard's installable-app files, at the root: its web app manifest and icons (docs/decisions.md D68).
    if (DASHBOARD_ROOT_FILES.has(path)) {
      const own = resolveInside(bundles.dashboardDist, path)
      if (own && (await sendFile(ctx, own, false))) return
    }
    // Files of the site's public folder (favicon, logo, robots.txt).
    const file = path.lastIndexOf('.') > path.lastIndexOf('/') ? resolveInside(bundles.landingDist, path) : null
    if (file && !file.endsWith('.html') && (await sendFile(ctx, join(file), false))) return
    return sendHtml(ctx, 404, await bundles.siteHtml())
  }
}
