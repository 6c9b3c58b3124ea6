/*
 * Chromium for tests that need a real browser (the launcher in scripts/lib, shared with the scripts). The pages
 * come from the test HTTP server, which serves the built landing bundle (`npm run build --workspace landing`).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContextOptions } from 'playwright-core'
import env from '#start/env'
import webConfig from '#config/web'
import { assertChromium, launchProfile } from '../../../scripts/lib/chromium.mjs'

export { DESKTOP, PHONE } from '../../../scripts/lib/chromium.mjs'

export const baseUrl = () => `http://${env.get('HOST')}:${env.get('PORT')}`

export function assertBrowserReady() {
  assertChromium()
  if (!existsSync(join(webConfig.landingDist, 'review.html'))) {
    throw new Error(`No landing build in ${webConfig.landingDist}: run npm run build --workspace landing`)
  }
}

export function assertDashboardReady() {
  assertBrowserReady()
  if (!existsSync(join(webConfig.dashboardDist, 'index.html'))) {
    throw new Error(`No dashboard build in ${webConfig.dashboardDist}: run npm run build --workspace frontend`)
  }
}

/** A browser context on a fresh profile; closing it removes the profile. */
export function openBrowser(options: BrowserContextOptions = {}) {
  assertBrowserReady()
  return launchProfile('rr-browser-', options)
}
