/*
 * The built front ends and the route list that decides which one answers a path (landing/src/shared/routes.json,
 * shipped in the landing build). Templates are read once per process, and again in development.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import webConfig from '#config/web'

export interface RouteList {
  site: string[]
  review: string[]
  dashboard: string[]
  redirects: Record<string, string>
}

const cache = new Map<string, Promise<string | null>>()

function read(path: string) {
  if (app.inDev) return readFile(path, 'utf8').catch(() => null)
  let pending = cache.get(path)
  if (!pending) {
    pending = readFile(path, 'utf8').catch(() => null)
    cache.set(path, pending)
  }
  return pending
}

export const bundles = {
  landingDist: webConfig.landingDist,
  dashboardDist: webConfig.dashboardDist,
  siteHtml: () => read(join(webConfig.landingDist, 'index.html')),
  reviewHtml: () => read(join(webConfig.landingDist, 'review.html')),
  dashboardHtml: () => read(join(webConfig.dashboardDist, 'index.html')),
  async routes(): Promise<RouteList> {
    const raw = await read(join(webConfig.landingDist, 'routes.json'))
    return raw ? JSON.parse(raw) : { site: [], review: [], dashboard: [], redirects: {} }
  },
}

/** Whether `path` matches a pattern of the route list (`:param` = one segment, trailing `/*` = any rest). */
export function matchesRoute(pattern: string, path: string) {
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1))
  const want = pattern.split('/')
  const got = path.split('/')
  return want.length === got.length && want.every((part, i) => part.startsWith(':') ? got[i] !== '' : part === got[i])
}
