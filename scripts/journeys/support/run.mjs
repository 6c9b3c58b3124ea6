/*
 * What every journeys file starts with: the product and Chromium, started before its journeys and stopped after
 * them.
 */
import { after, before } from 'node:test'
import { launchChromium } from '../../lib/chromium.mjs'
import { startProduct } from './product.mjs'

/**
 * Registers the file's hooks; the returned {product, browser} are there once `before` has run. `options` go to
 * startProduct (e.g. `{alerts: true}`).
 */
export function useProductAndBrowser(options) {
  const run = { product: null, browser: null }
  before(
    async () => {
      run.product = await startProduct(options)
      run.browser = await launchChromium()
    },
    { timeout: 300_000 }
  )
  after(async () => {
    await run.browser?.close().catch(() => {})
    await run.product?.stop()
  })
  return run
}
