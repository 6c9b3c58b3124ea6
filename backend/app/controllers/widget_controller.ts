/*
 * The website widget (docs/decisions.md D49): its script (GET /w/{code}.js), a page that is only the widget, for an
 * <iframe> (GET /w/{code}), its public answer (GET /api/widget/{code}), and the owner's settings
 * (GET/PUT /api/businesses/{businessId}/widget).
 */
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import BusinessPolicy from '#policies/business_policy'
import { widgetBusiness, widgetEntry } from '#actions/widget/widget_data'
import { updateWidgetSettings, widgetSettings } from '#actions/widget/widget_settings'
import { widgetVisitors } from '#hot_path/widget_visitors'
import { widgetSettingsValidator } from '#validators/widget'
import { widgetScript } from '#web/widget_script'
import { setWidgetCors } from '#web/widget_cors'
import { clientIp } from '#web/client_ip'
import { contentSecurityPolicy } from '#config/security'
import { escapeHtml } from '#lib/html'
import { isSiteOrigin } from '#lib/site_origin'
import { isWidgetLayout, WIDGET_CACHE_SECONDS } from '#contract/widget'
import type { WidgetDataDto, WidgetSettingsDto } from '#types/api'

const CACHE = `public, max-age=${WIDGET_CACHE_SECONDS}`
const NOT_BUILT = '/* ReviewRoute widget: the script is not built yet. Run `npm run build --workspace landing`. */\n'
const unknownCode = (code: string) =>
  `/* ReviewRoute widget: no widget has the code "${code.replace(/[^A-Za-z0-9_-]/g, '?').slice(0, 64)}". Check the snippet you pasted. */\n`

/**
 * The page's CSP with framing allowed: by any site, or by the business's sites (and ourselves). The sites are stored
 * as serialised origins only (#lib/site_origin, docs/decisions.md D61); anything else is left out here too, so no
 * stored value can add a word or a directive to the header.
 */
function framingPolicy(allowedSites: string[] | null) {
  const ancestors = allowedSites ? ["frame-ancestors 'self'", ...allowedSites.filter(isSiteOrigin)].join(' ') : 'frame-ancestors *'
  return contentSecurityPolicy.replace("frame-ancestors 'none'", () => ancestors)
}

export default class WidgetController {
  /** GET /w/{code}.js, and GET /w/{code}: the page for an <iframe>. */
  async page(ctx: HttpContext) {
    const param = String(ctx.params.code ?? '')
    if (param.endsWith('.js')) return this.script(ctx, param.slice(0, -3))
    const { response, request } = ctx
    let found: Awaited<ReturnType<typeof widgetEntry>>
    try {
      found = await widgetEntry(param)
    } catch {
      return response
        .status(404)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send('<!doctype html><meta charset="utf-8"><title>Not found</title><p>No website widget has this code.</p>')
    }
    const { data, allowedSites } = found.entry
    const asked = request.input('layout')
    const layout = isWidgetLayout(asked) ? asked : data.layout
    // The dashboard's preview (?preview=1) is drawn like any other but not counted as a view.
    const preview = request.input('preview') !== undefined ? ' data-preview' : ''
    response.header('Content-Security-Policy', framingPolicy(allowedSites))
    response.removeHeader('X-Frame-Options')
    response.header('Content-Type', 'text/html; charset=utf-8')
    response.header('Cache-Control', CACHE)
    const code = escapeHtml(data.code)
    return response.send(
      `<!doctype html><html lang="${data.language}"><head><meta charset="utf-8">` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
        `<title>${escapeHtml(data.business.name)}</title>` +
        '<style>html,body{margin:0;padding:0;background:transparent}</style></head><body>' +
        `<div data-reviewroute="${code}" data-layout="${layout}"${preview}></div>` +
        `<script async src="/w/${code}.js"></script></body></html>`
    )
  }

  private async script({ request, response }: HttpContext, code: string) {
    response.header('Content-Type', 'application/javascript; charset=utf-8')
    try {
      await widgetBusiness(code)
    } catch {
      return response.status(404).header('Cache-Control', 'no-cache').send(unknownCode(code))
    }
    const bytes = await widgetScript.bytes()
    if (!bytes) return response.status(404).header('Cache-Control', 'no-cache').send(NOT_BUILT)
    const accepts = String(request.header('accept-encoding', ''))
    const [body, encoding] = /\bbr\b/.test(accepts) ? [bytes.br, 'br'] : /\bgzip\b/.test(accepts) ? [bytes.gzip, 'gzip'] : [bytes.raw, null]
    if (encoding) response.header('Content-Encoding', encoding)
    response.header('Vary', 'Accept-Encoding')
    response.header('Cache-Control', CACHE)
    response.header('Content-Length', String(body.length))
    return response.send(body)
  }

  /**
   * GET /api/widget/{code}: public, cached five minutes here and by browsers; a view counted once per visitor and IST
   * day (not ?preview, docs/decisions.md D61).
   */
  async data(ctx: HttpContext): Promise<WidgetDataDto> {
    const { response, request } = ctx
    let found: Awaited<ReturnType<typeof widgetEntry>>
    try {
      found = await widgetEntry(ctx.params.code)
    } catch (error) {
      // Readable by any site, so a typo in the snippet shows as a 404 rather than a CORS error.
      setWidgetCors(ctx, null)
      throw error
    }
    const { business, entry } = found
    setWidgetCors(ctx, entry.allowedSites)
    response.header('Cache-Control', CACHE)
    // The owner's preview in the dashboard (?preview=1) is not a view.
    if (request.method() === 'GET' && request.input('preview') === undefined) {
      const visitor = { ip: clientIp(ctx), userAgent: request.header('user-agent', '')! }
      await widgetVisitors.count(business.id, visitor).catch(() => {})
    }
    return entry.data
  }

  /** GET /api/businesses/{businessId}/widget */
  async show({ bouncer, params }: HttpContext): Promise<WidgetSettingsDto> {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('view', business)
    return widgetSettings(business!)
  }

  /** PUT /api/businesses/{businessId}/widget {layout?, allowedSites?} (owners and managers). */
  async update({ bouncer, params, request, tenant }: HttpContext): Promise<WidgetSettingsDto> {
    const business = await Business.find(params.businessId)
    await bouncer.with(BusinessPolicy).authorize('update', business)
    const input = await request.validateUsing(widgetSettingsValidator)
    return updateWidgetSettings(tenant.member, business!, input)
  }
}
