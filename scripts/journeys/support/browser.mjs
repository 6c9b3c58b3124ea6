/*
 * The journeys' browser: Debian's Chromium (scripts/lib/chromium.mjs), one context per person, the outside
 * pages a journey reaches (Google's review page, Razorpay Checkout) stubbed in the page, screenshots of each
 * step and of failures, and reading the QR code of a downloaded image.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { DESKTOP } from '../../lib/chromium.mjs'
import { checkoutSignature } from '../../lib/razorpay-stub.mjs'
import { newClientIp } from './api.mjs'
import { root } from '../../lib/builds.mjs'
import { BASE } from './product.mjs'
import { RAZORPAY } from './stubs.mjs'

export { DESKTOP, PHONE } from '../../lib/chromium.mjs'

export const SCREENSHOTS = join(root, 'screenshots', 'journeys')

/**
 * A browser context for one person: phone or desktop, its own client address, optionally signed in
 * (the dashboard reads the bearer token from localStorage), with clipboard access on our origin.
 */
export async function newPerson(browser, { device = DESKTOP, token, ip = newClientIp() } = {}) {
  const context = await browser.newContext({ ...device, acceptDownloads: true, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE })
  if (token) await context.addInitScript((value) => localStorage.setItem('reviewroute.token', value), token)
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(20_000)
  // Nothing of a journey may leave the machine: unexpected outside requests fail instead of hanging.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'))
  return context
}

/** The Google review page a 4-5 star customer lands on. */
export async function stubGoogleReviewPage(context) {
  await context.route('https://search.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google review (stub)</title><h1>Write a review (stub)</h1>' })
  )
}

/**
 * Razorpay Checkout for the browser: `window.Razorpay` whose open() asks the test (an exposed binding, which
 * no Content-Security-Policy can block) to "pay" the order, then calls the page's handler with the ids and
 * the signature Razorpay would compute (HMAC-SHA256 of "order_id|payment_id" with the key secret), or fires
 * 'payment.failed'. `pay(options)` runs in Node and answers {paymentId} or {error}.
 */
export async function stubCheckout(page, pay) {
  const opened = []
  await page.exposeBinding('__journeysCheckoutPay', async (_source, optionsJson) => {
    const options = JSON.parse(optionsJson)
    opened.push(options)
    const result = await pay(options)
    if (result.error) return { error: result.error }
    return {
      razorpay_order_id: options.order_id,
      razorpay_payment_id: result.paymentId,
      razorpay_signature: checkoutSignature(options.order_id, result.paymentId, RAZORPAY.keySecret),
    }
  })
  const script = `(function () {
    function Razorpay(options) {
      if (!options || !options.key || !options.order_id || typeof options.handler !== 'function') throw new Error('Razorpay: bad options')
      this.options = options
      this.listeners = {}
    }
    Razorpay.prototype.on = function (event, callback) { this.listeners[event] = callback }
    Razorpay.prototype.open = function () {
      var self = this
      var o = self.options
      var shown = { key: o.key, amount: o.amount, currency: o.currency, order_id: o.order_id, name: o.name, description: o.description, prefill: o.prefill }
      window.__journeysCheckoutPay(JSON.stringify(shown)).then(function (answer) {
        if (answer.error) { if (self.listeners['payment.failed']) self.listeners['payment.failed']({ error: answer.error }) }
        else o.handler(answer)
      })
    }
    window.Razorpay = Razorpay
  })()`
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script })
  )
  return { opened }
}

/**
 * The people of one journey: every context it opens is closed at the end (`close()`), and when the journey
 * fails (`failed()`) each open page is saved as screenshots/journeys/{journey}-failure-{n}.png first.
 */
export function journeyScope(browser, journey) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  for (const name of readdirSync(SCREENSHOTS)) {
    if (name.startsWith(`${journey}-failure`)) rmSync(join(SCREENSHOTS, name), { force: true })
  }
  const contexts = []
  return {
    async person(options) {
      const context = await newPerson(browser, options)
      contexts.push(context)
      return context
    },
    async failed() {
      let n = 0
      for (const context of contexts) {
        for (const page of context.pages()) {
          n += 1
          await page
            .screenshot({ path: join(SCREENSHOTS, `${journey}-failure-${n}.png`), fullPage: true, scale: 'css', timeout: 5_000 })
            .catch(() => {})
        }
      }
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    },
  }
}

/**
 * Runs one journey's steps with its people (`steps(scope)`): on a failure its open pages are saved first, and
 * every context it opened is closed at the end either way.
 */
export async function inJourneyScope(browser, journey, steps) {
  const scope = journeyScope(browser, journey)
  try {
    return await steps(scope)
  } catch (error) {
    await scope.failed()
    throw error
  } finally {
    await scope.close()
  }
}

/** screenshots/journeys/{journey}-{step}.png */
export async function screenshot(page, journey, step) {
  const path = join(SCREENSHOTS, `${journey}-${step}.png`)
  await page.screenshot({ path, fullPage: true, scale: 'css' })
  return path
}

/**
 * screenshots/journeys/{journey}-{step}-{width}.png at each width (the page is resized and given a moment to lay
 * itself out again, then put back to its size): one screen on a desktop and on a phone without a second sign-in.
 */
export async function screenshotWidths(page, journey, step, widths = [1280, 390]) {
  const size = page.viewportSize()
  const paths = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.waitForTimeout(400)
    paths.push(await screenshot(page, journey, `${step}-${width}`))
  }
  if (size) await page.setViewportSize(size)
  return paths
}

/** A PNG's size and the text of the QR code in it (null when none is found). */
export function decodeQrPng(buffer) {
  const png = PNG.sync.read(buffer)
  const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
  return { width: png.width, height: png.height, text: found?.data ?? null }
}
