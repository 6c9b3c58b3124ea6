/*
 * Debian's Chromium for the scripts (screenshots, benchmarks, journeys), with the flags this machine needs.
 * (backend/tests/helpers/browser.ts holds the same flags for the Japa browser suite, which is TypeScript.)
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

function assertChromium() {
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
