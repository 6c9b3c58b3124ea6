import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import LookupReviewLink from '#actions/reviews/lookup_review_link'
import { bundles } from '#web/bundles'
import { WEB_REDIRECTS, webAreaOf } from '#contract/web_routes'
import { renderReviewPage, type InlinedReview } from '#web/review_page'
import { resolveInside, sendFile } from '#web/static_files'
import { NotFoundError } from '#exceptions/app_errors'

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>ReviewRoute</title><p>The front end is not built yet: run <code>npm run build</code>.</p>'

function sendHtml({ request, response }: HttpContext, status: number, html: string | null, cache = 'no-cache') {
  response.status(html ? status : 503)
  response.header('Content-Type', 'text/html; charset=utf-8')
  response.header('Cache-Control', cache)
  response.header('Vary', 'Accept-Encoding')
  const body = html ?? NOT_BUILT
  if (String(request.header('accept-encoding', '')).includes('gzip')) {
    response.header('Content-Encoding', 'gzip')
    return response.send(gzipSync(body))
  }
  return response.send(body)
}

const pathOf = (ctx: HttpContext) => ctx.request.url().split('?')[0]

/** Every page of the product from one origin (docs/decisions.md D12): review page, site, dashboard, their assets, 404. */
export default class PagesController {
  /** /review/:code with the business inlined; an unknown code is the page's not-found state with status 404. */
  @inject()
  async review(ctx: HttpContext, lookup: LookupReviewLink) {
    const code = String(ctx.params.code)
    let data: InlinedReview
    let status = 200
    try {
      data = { code, link: await lookup.handle(code) }
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error
      data = { code, link: null, error: error.message }
      status = 404
    }
    const template = await bundles.reviewHtml()
    return sendHtml(ctx, status, template && renderReviewPage(template, data), 'private, no-store')
  }

  async thanks(ctx: HttpContext) {
    const template = await bundles.reviewHtml()
    return sendHtml(ctx, 200, template && renderReviewPage(template, null))
  }

  /** Hashed build assets of either bundle. */
  async asset(ctx: HttpContext) {
    const path = pathOf(ctx)
    const root = path.startsWith('/dashboard-assets/') ? bundles.dashboardDist : bundles.landingDist
    const file = resolveInside(root, path)
    if (file && (await sendFile(ctx, file, true))) return
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
    // Files of the site's public folder (favicon, logo, robots.txt).
    const file = path.lastIndexOf('.') > path.lastIndexOf('/') ? resolveInside(bundles.landingDist, path) : null
    if (file && !file.endsWith('.html') && (await sendFile(ctx, join(file), false))) return
    return sendHtml(ctx, 404, await bundles.siteHtml())
  }
}
