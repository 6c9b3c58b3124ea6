/*
 * Debian's Chromium through playwright-core, with the flags this machine needs: one launcher for the scripts
 * (screenshots, benchmarks, journeys) and the backend's browser tests.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

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

/** Context options of the two screens the product is built for. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } }
export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

export function assertChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`)
}

/** A browser (each launch gets a fresh user-data-dir from Playwright). */
export function launchChromium() {
  assertChromium()
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

/**
 * A persistent context on a fresh profile folder (`prefix` names it), with Playwright context options; the
 * folder is removed when the context closes.
 */
export async function launchProfile(prefix, options = {}) {
  assertChromium()
  const profile = mkdtempSync(join(tmpdir(), prefix))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    ...options,
  })
  // Removed after close() has waited for the browser to exit (the 'close' event fires while it still writes).
  const close = context.close.bind(context)
  context.close = async (...args) => {
    await close(...args)
    rmSync(profile, { recursive: true, force: true })
  }
  return context
}

/** Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbps down, 750 Kbps up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }

/** A page's CDP session on slow 4G with a 4x slower CPU (a cheap phone), network events on, the cache off. */
export async function throttleLikeAPhone(cdp) {
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}
