import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'

export const CHROMIUM: string
export const CHROMIUM_ARGS: string[]
export const DESKTOP: BrowserContextOptions
export const PHONE: BrowserContextOptions
export function assertChromium(): void
export function launchChromium(): Promise<Browser>
export function launchProfile(prefix: string, options?: BrowserContextOptions): Promise<BrowserContext>
export const SLOW_4G: { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number }
export function throttleLikeAPhone(cdp: import('playwright-core').CDPSession): Promise<void>
