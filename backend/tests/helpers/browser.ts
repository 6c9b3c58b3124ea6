/*
 * Debian's Chromium driven by playwright-core, for tests that need a real browser. The pages come from the
 * test HTTP server, which serves the built landing bundle (`npm run build --workspace landing`).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import env from '#start/env'
import webConfig from '#config/web'

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
}

export const baseUrl = () => `http://${env.get('HOST')}:${env.get('PORT')}`

export function assertBrowserReady() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`)
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

export const DESKTOP = { viewport: { width: 1280, height: 800 } }

/** A fresh browser profile per call; closing it removes the profile. */
export async function openBrowser(options: { viewport?: { width: number; height: number }; userAgent?: string } = {}) {
  assertBrowserReady()
  const profile = mkdtempSync(join(tmpdir(), 'rr-browser-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    ...options,
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
