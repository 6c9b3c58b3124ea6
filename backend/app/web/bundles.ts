/*
 * The built front ends (which one answers a path: #contract/web_routes). Templates are read once per process,
 * and again in development.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import webConfig from '#config/web'

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
}
