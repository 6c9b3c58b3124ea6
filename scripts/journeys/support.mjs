/*
 * Shared machinery of the whole-product journeys (scripts/journeys/*.test.mjs): the production build started
 * the way `npm start` starts it (scripts/start.mjs: db:prepare, then the compiled API and the worker) on its
 * own port, database and queue prefix; loopback stubs of Google Places (New) and Razorpay's Orders API; a
 * stubbed Razorpay Checkout script for the browser; Debian's Chromium through playwright-core; and small
 * helpers (API calls, MySQL, mails, QR decoding, screenshots, bounded polling).
 */
import { spawn } from 'node:child_process'
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsQR from 'jsqr'
import mysql from 'mysql2/promise'
import { PNG } from 'pngjs'
import { launchChromium } from '../lib/chromium.mjs'

export const ROOT = new URL('../../', import.meta.url).pathname
export const PORT = 3350
export const HOST = '127.0.0.1'
export const BASE = `http://${HOST}:${PORT}`
export const DATABASE = 'reviewroute_journeys'
export const QUEUE_PREFIX = 'rr-journeys'
/** The product remembers a review link's business and owner access this long (shorter than the default 5 s). */
export const REVIEW_LINK_CACHE_MS = 1000
export const SCREENSHOTS = join(ROOT, 'screenshots', 'journeys')

export const GOOGLE_KEY = 'journeys'
export const RAZORPAY = {
  keyId: 'rzp_test_journeys',
  keySecret: 'journeys_key_secret_5d1c0a',
  webhookSecret: 'journeys_webhook_secret_9b7e42',
}

export const DESKTOP = { viewport: { width: 1280, height: 800 } }
export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
}

const SERVER_START_MS = 240_000
const STOP_GRACE_MS = 15_000

/* ------------------------------------------------------------------------------------------------------------
 * Small utilities
 * ---------------------------------------------------------------------------------------------------------- */

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `probe` until it returns a truthy value or `timeoutMs` passes; throws `what` with the last value.
 * An error with `fatal: true` stops the polling at once.
 */
export async function waitFor(what, probe, { timeoutMs = 20_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs
  let last
  while (Date.now() < deadline) {
    try {
      last = await probe()
      if (last) return last
    } catch (error) {
      if (error?.fatal) throw error
      last = error
    }
    await sleep(intervalMs)
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`)
}

/**
 * Every run gets its own client addresses (the server trusts X-Forwarded-For here, as behind its load
 * balancer), so the per-IP limits (sign-ups 10/hour, ratings 5/min per business) never carry over from earlier
 * runs or from a development server sharing the same Redis.
 */
const runNet = `10.${randomInt(1, 255)}.${randomInt(0, 255)}`
let nextHost = 1
export const newClientIp = () => `${runNet}.${(nextHost++ % 254) + 1}`

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Razorpay-style identifiers: a prefix and 14 letters and digits. */
export const razorpayId = (prefix) =>
  `${prefix}${[...randomBytes(14)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`

export const hmacHex = (secret, payload) => createHmac('sha256', secret).update(payload).digest('hex')

/** A unique e-mail address per run. */
export const uniqueEmail = (name) => `${name}.${Date.now().toString(36)}${randomInt(100, 999)}@example.in`

/* ------------------------------------------------------------------------------------------------------------
 * Stub servers
 * ---------------------------------------------------------------------------------------------------------- */

async function stubServer(handler) {
  const requests = []
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', async () => {
      const recorded = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }
      requests.push(recorded)
      try {
        await handler(recorded, res)
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: String(error) }))
      }
    })
  })
  await new Promise((resolve) => server.listen(0, HOST, resolve))
  return {
    url: `http://${HOST}:${server.address().port}`,
    requests,
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
  res.end(JSON.stringify(body))
}

/** Invented listings in Google's Place shape (the fields the product asks for in X-Goog-FieldMask). */
export const GOOGLE_PLACES = [
  {
    id: 'ChIJj0urnEyUrjsR7y3kVqT1b8Q',
    displayName: { text: 'Udupi Tiffin Corner', languageCode: 'en' },
    formattedAddress: '14, Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004, India',
    rating: 4.3,
    userRatingCount: 812,
  },
  {
    id: 'ChIJ3bYk9xGUrjsRqL0mWc2vT1E',
    displayName: { text: 'Udupi Krishna Bhavan', languageCode: 'en' },
    formattedAddress: '7, DVG Road, Basavanagudi, Bengaluru, Karnataka 560004, India',
    rating: 4.1,
    userRatingCount: 455,
  },
  {
    id: 'ChIJx8W2c6L9DDkR4pZtN0aHq7k',
    displayName: { text: 'Lakshmi Sweets & Namkeen', languageCode: 'en' },
    formattedAddress: 'Shop 3, Sector 18 Market, Noida, Uttar Pradesh 201301, India',
    rating: 4.5,
    userRatingCount: 1290,
  },
  {
    id: 'ChIJt7Vd0sHBwjsR1kq9mYbXc2o',
    displayName: { text: 'Sahyadri Dental Clinic', languageCode: 'en' },
    formattedAddress: 'Office 12, Karve Road, Kothrud, Pune, Maharashtra 411038, India',
    rating: 4.7,
    userRatingCount: 233,
  },
  {
    id: 'ChIJm4Rk2pQZXjkR8sL1vBn6w0c',
    displayName: { text: 'Marwar Thali House', languageCode: 'en' },
    formattedAddress: 'Near Clock Tower, Sardar Market, Jodhpur, Rajasthan 342001, India',
    rating: 3.9,
    userRatingCount: 167,
  },
]

const googleError = (code, status, message) => ({ error: { code, message, status } })

/**
 * Google Places API (New) as documented: Text Search (POST /v1/places:searchText) and Place Details
 * (GET /v1/places/{id}), with the key in X-Goog-Api-Key and the response fields in X-Goog-FieldMask.
 */
export function startGoogleStub() {
  return stubServer((request, res) => {
    if (request.headers['x-goog-api-key'] !== GOOGLE_KEY) {
      return sendJson(res, 403, googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.'))
    }
    const fieldMask = String(request.headers['x-goog-fieldmask'] ?? '')
    if (!fieldMask) return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.'))
    const url = new URL(request.url, 'http://stub')

    if (request.method === 'POST' && url.pathname === '/v1/places:searchText') {
      let body
      try {
        body = JSON.parse(request.body)
      } catch {
        return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'))
      }
      if (typeof body.textQuery !== 'string' || !body.textQuery.trim()) {
        return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'textQuery is required.'))
      }
      const words = body.textQuery.toLowerCase().split(/\s+/).filter(Boolean)
      const places = GOOGLE_PLACES.filter((place) => {
        const haystack = `${place.displayName.text} ${place.formattedAddress}`.toLowerCase()
        return words.every((word) => haystack.includes(word))
      }).slice(0, body.pageSize ?? 20)
      // Google answers {} when nothing matches.
      return sendJson(res, 200, places.length ? { places } : {})
    }

    const details = url.pathname.match(/^\/v1\/places\/([^/]+)$/)
    if (request.method === 'GET' && details) {
      const place = GOOGLE_PLACES.find((candidate) => candidate.id === decodeURIComponent(details[1]))
      if (!place) return sendJson(res, 404, googleError(404, 'NOT_FOUND', `Place '${details[1]}' not found.`))
      return sendJson(res, 200, place)
    }
    return sendJson(res, 404, googleError(404, 'NOT_FOUND', `Method not found: ${request.method} ${url.pathname}`))
  })
}

function parseOrderBody(body) {
  try {
    return JSON.parse(body)
  } catch {
    return Object.fromEntries(new URLSearchParams(body))
  }
}

/** Razorpay's Orders API as documented: Basic auth with the key id and secret, an Order entity back. */
export function startRazorpayStub() {
  const basic = `Basic ${Buffer.from(`${RAZORPAY.keyId}:${RAZORPAY.keySecret}`).toString('base64')}`
  const error = (description) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } })
  const orders = []
  const stub = stubServer((request, res) => {
    if (request.headers.authorization !== basic) return sendJson(res, 401, error('Authentication failed'))
    if (request.method !== 'POST' || request.url !== '/v1/orders') {
      return sendJson(res, 400, error('The requested URL was not found on the server.'))
    }
    const body = parseOrderBody(request.body)
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 100) return sendJson(res, 400, error('The amount must be atleast INR 1.00'))
    const order = {
      id: razorpayId('order_'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: body.currency ?? 'INR',
      receipt: body.receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    }
    orders.push(order)
    sendJson(res, 200, order)
  })
  return stub.then((server) => ({ ...server, orders }))
}

/* ------------------------------------------------------------------------------------------------------------
 * The product
 * ---------------------------------------------------------------------------------------------------------- */

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, HOST)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

export function mysqlConnection(database) {
  return mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', database, timezone: 'Z' })
}

/** Our queue prefix only: jobs with stable ids (feedback-alert-{sessionId}) from an earlier run would otherwise swallow new ones. */
async function clearQueues() {
  const { default: Redis } = await import('ioredis')
  const redis = new Redis({ host: process.env.REDIS_HOST ?? '127.0.0.1', port: Number(process.env.REDIS_PORT ?? 6379), lazyConnect: true })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${QUEUE_PREFIX}:*`, 'COUNT', 500)
      cursor = next
      if (keys.length) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/**
 * Starts the stubs and the product (`node scripts/start.mjs`) on a fresh database; resolves once
 * /api/health answers 200. `stop()` ends the whole process group and the stubs.
 */
export async function startProduct() {
  const workDir = mkdtempSync(join(tmpdir(), 'rr-journeys-'))
  const logFile = join(workDir, 'server.log')
  const mailDir = join(workDir, 'mail')
  mkdirSync(mailDir)
  mkdirSync(SCREENSHOTS, { recursive: true })
  // scripts/start.mjs builds whatever is missing or stale first; its output goes to the server log.

  if (await portAnswers(PORT)) throw new Error(`Port ${PORT} is already in use: stop what listens there before running the journeys`)

  const google = await startGoogleStub()
  const razorpay = await startRazorpayStub()
  const admin = await mysqlConnection()
  await admin.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``)
  await admin.end()
  await clearQueues()

  const env = {
    ...process.env,
    FORCE_COLOR: '0',
    PORT: String(PORT),
    HOST,
    APP_URL: BASE,
    CORS_ORIGINS: BASE,
    TRUST_PROXY: 'true',
    DB_DATABASE: DATABASE,
    QUEUE_PREFIX,
    LIMITER_STORE: 'redis',
    MAIL_TRANSPORT: 'file',
    MAIL_DIR: mailDir,
    TEST_CLOCK: 'true',
    REVIEW_LINK_CACHE_MS: String(REVIEW_LINK_CACHE_MS),
    GOOGLE_PLACES_API_KEY: GOOGLE_KEY,
    GOOGLE_PLACES_BASE_URL: google.url,
    RAZORPAY_KEY_ID: RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY.webhookSecret,
    RAZORPAY_BASE_URL: razorpay.url,
  }
  // NODE_ENV stays unset, as with `npm start`: the API, ace and the worker default to development (which
  // allows TEST_CLOCK), while a front end that start.mjs finds stale is rebuilt as a production bundle (Vite
  // builds development bundles when NODE_ENV=development is in the environment).
  delete env.NODE_ENV
  const fd = openSync(logFile, 'a')
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] })
  closeSync(fd)
  let exited = null
  child.on('exit', (code, signal) => (exited = signal ?? code))
  // If this test process dies without stopping it, take the product down with it.
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
  const killAndExit = (signal) => {
    killGroup()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('exit', killGroup)
  process.once('SIGINT', killAndExit)
  process.once('SIGTERM', killAndExit)

  const product = {
    base: BASE,
    mailDir,
    logFile,
    google,
    razorpay,
    async stop() {
      process.removeListener('exit', killGroup)
      process.removeListener('SIGINT', killAndExit)
      process.removeListener('SIGTERM', killAndExit)
      if (exited === null) {
        try {
          process.kill(-child.pid, 'SIGTERM')
        } catch {}
        const deadline = Date.now() + STOP_GRACE_MS
        while (exited === null && Date.now() < deadline) await sleep(100)
        if (exited === null) killGroup()
      }
      await Promise.all([google.close(), razorpay.close()])
      await clearQueues().catch(() => {})
    },
  }

  try {
    await waitFor(
      `${BASE}/api/health (server log: ${logFile})`,
      async () => {
        if (exited !== null) {
          throw Object.assign(new Error(`scripts/start.mjs exited (${exited}) before the API answered:\n${tail(logFile)}`), { fatal: true })
        }
        const response = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null)
        return response?.status === 200
      },
      { timeoutMs: SERVER_START_MS, intervalMs: 300 }
    )
  } catch (error) {
    await product.stop()
    throw error
  }
  return product
}

/* ------------------------------------------------------------------------------------------------------------
 * Talking to the API and the database
 * ---------------------------------------------------------------------------------------------------------- */

/** One API call as a client at `ip`; answers {status, body, headers}. */
export async function api(method, path, { token, body, ip, raw, headers = {} } = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'x-forwarded-for': ip ?? newClientIp(),
      ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  let parsed = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  return { status: response.status, body: parsed, headers: response.headers }
}

/** Throws unless the answer has the expected status, with the body in the message. */
export function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: expected HTTP ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

export async function query(sql, params = []) {
  const connection = await mysqlConnection(DATABASE)
  try {
    const [rows] = await connection.query(sql, params)
    return rows
  } finally {
    await connection.end()
  }
}

/** Moves the API process's business clock (TEST_CLOCK); `null` puts it back. */
export async function setClock(instant) {
  const answer = instant
    ? await api('PUT', '/api/test/clock', { body: { travelTo: instant.toISOString() } })
    : await api('DELETE', '/api/test/clock')
  return expectStatus(answer, 200, instant ? 'moving the clock' : 'resetting the clock')
}

/** Signs a Razorpay webhook body with the webhook secret and sends the exact bytes. */
export function sendWebhook(event, eventId) {
  const raw = JSON.stringify(event)
  return api('POST', '/api/webhooks/razorpay', {
    raw,
    headers: { 'x-razorpay-signature': hmacHex(RAZORPAY.webhookSecret, raw), 'x-razorpay-event-id': eventId },
  })
}

/** A stored fixture (backend/tests/fixtures/razorpay) pointed at one of our orders and payments. */
export function webhookEvent(name, { orderId, paymentId, amount }) {
  const event = JSON.parse(readFileSync(join(ROOT, 'backend/tests/fixtures/razorpay', `${name}.json`), 'utf8'))
  const payment = event.payload.payment.entity
  Object.assign(payment, { id: paymentId, order_id: orderId, amount, base_amount: amount })
  if (event.payload.order) Object.assign(event.payload.order.entity, { id: orderId, amount, amount_paid: amount, amount_due: 0 })
  event.created_at = Math.floor(Date.now() / 1000)
  return event
}

/** Mails the file transport wrote, parsed. */
export function readMails(mailDir) {
  if (!existsSync(mailDir)) return []
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: name, ...JSON.parse(readFileSync(join(mailDir, name), 'utf8')) }))
}

/* ------------------------------------------------------------------------------------------------------------
 * Browser
 * ---------------------------------------------------------------------------------------------------------- */

/** Debian's Chromium with its own fresh profile (Playwright gives every launch a new user-data-dir). */
export const launchBrowser = launchChromium

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
      razorpay_signature: hmacHex(RAZORPAY.keySecret, `${options.order_id}|${result.paymentId}`),
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
  for (const name of existsSync(SCREENSHOTS) ? readdirSync(SCREENSHOTS) : []) {
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
          await page.screenshot({ path: join(SCREENSHOTS, `${journey}-failure-${n}.png`), fullPage: true, scale: 'css', timeout: 5_000 }).catch(() => {})
        }
      }
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    },
  }
}

/** screenshots/journeys/{journey}-{step}.png */
export async function screenshot(page, journey, step) {
  const path = join(SCREENSHOTS, `${journey}-${step}.png`)
  await page.screenshot({ path, fullPage: true, scale: 'css' })
  return path
}

/* ------------------------------------------------------------------------------------------------------------
 * Images
 * ---------------------------------------------------------------------------------------------------------- */

/** A PNG's size and the text of the QR code in it (null when none is found). */
export function decodeQrPng(buffer) {
  const png = PNG.sync.read(buffer)
  const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
  return { width: png.width, height: png.height, text: found?.data ?? null }
}

