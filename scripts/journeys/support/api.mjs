/*
 * Talking to the product as a journey's people do, and looking behind it: API calls from per-run client
 * addresses, its database, its movable clock, signed Razorpay webhooks and the mails it wrote.
 */
import { randomInt } from 'node:crypto'
import { mysqlConnection } from '../../lib/compiled-api.mjs'
import { hmac } from '../../lib/razorpay-stub.mjs'
import { BASE, DATABASE } from './product.mjs'
import { RAZORPAY } from './stubs.mjs'

/**
 * Every run gets its own client addresses (the server trusts loopback's X-Forwarded-For here, as behind its load
 * balancer), so the per-IP limits (sign-ups 10/hour, ratings 5/min per business) never carry over from earlier
 * runs or from a development server sharing the same Redis.
 */
const runNet = `10.${randomInt(1, 255)}.${randomInt(0, 255)}`
let nextHost = 1
export const newClientIp = () => `${runNet}.${(nextHost++ % 254) + 1}`

/** A unique e-mail address per run. */
export const uniqueEmail = (name) => `${name}.${Date.now().toString(36)}${randomInt(100, 999)}@example.in`

/** One API call as a client at `ip`; answers {status, body, headers}. */
export async function api(method, path, { token, body, ip, raw, headers = {} } = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      'accept': 'application/json',
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
    headers: { 'x-razorpay-signature': hmac(RAZORPAY.webhookSecret, raw), 'x-razorpay-event-id': eventId },
  })
}
