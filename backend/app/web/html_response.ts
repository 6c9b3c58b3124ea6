/*
 * An HTML answer of ours: gzip when the browser takes it, a cache policy, and a plain page saying the front end is
 * not built when its template is missing (503).
 */
import { gzipSync } from 'node:zlib'
import type { HttpContext } from '@adonisjs/core/http'

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>ReviewRoute</title><p>The front end is not built yet: run <code>npm run build</code>.</p>'

export function sendHtml({ request, response }: HttpContext, status: number, html: string | null, cache = 'no-cache') {
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
