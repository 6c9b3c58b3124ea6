/*
 * Serves built front-end files: the precompressed .br/.gz variant when the browser accepts it, immutable
 * caching for hashed assets, and never a path outside the bundle's folder.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** The file under `root` for a URL path, or null when it would leave `root`. */
export function resolveInside(root: string, urlPath: string) {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const path = normalize(join(root, decoded))
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null
}

async function isFile(path: string) {
  try {
    const found = await stat(path)
    return found.isFile()
  } catch {
    return false
  }
}

/** Streams `path` if it exists; false otherwise. */
export async function sendFile({ request, response }: HttpContext, path: string, immutable: boolean) {
  if (!(await isFile(path))) return false
  const accepts = String(request.header('accept-encoding', ''))
  const variants = [
    { suffix: '.br', encoding: 'br' },
    { suffix: '.gz', encoding: 'gzip' },
  ]
  let file = path
  for (const variant of variants) {
    if (accepts.includes(variant.encoding) && (await isFile(path + variant.suffix))) {
      file = path + variant.suffix
      response.header('Content-Encoding', variant.encoding)
      break
    }
  }
  response.header('Vary', 'Accept-Encoding')
  response.header('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream')
  const { size } = await stat(file)
  response.header('Content-Length', String(size))
  response.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
  response.stream(createReadStream(file))
  return true
}
