/*
 * Razorpay as our tests see it, for the journeys and the backend's tests alike: its Orders API on loopback
 * (as documented: Basic auth with the key id and secret, an Order entity back), its identifiers and
 * signatures, and the stored webhook fixtures (backend/tests/fixtures/razorpay, one per event).
 */
import { createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { json, startStubServer } from './stub-server.mjs'

const FIXTURES = new URL('../../backend/tests/fixtures/razorpay/', import.meta.url)
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Razorpay-style identifiers: a prefix and 14 letters and digits. */
export const razorpayId = (prefix) => `${prefix}${[...randomBytes(14)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`

export const hmac = (secret, payload) => createHmac('sha256', secret).update(payload).digest('hex')

/** What Checkout hands the page after a payment: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export const checkoutSignature = (orderId, paymentId, keySecret) => hmac(keySecret, `${orderId}|${paymentId}`)

export const basicAuth = ({ keyId, keySecret }) => `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`

export function razorpayError(code, description) {
  return { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } }
}

/** Razorpay takes JSON or a form. */
export function parseBody(body) {
  try {
    return JSON.parse(body)
  } catch {
    return Object.fromEntries(new URLSearchParams(body))
  }
}

/** The Refunds API's answer (`POST /v1/payments/{id}/refund`): a refund entity, `processed` unless told `pending`. */
function refund(response, paymentId, body, status) {
  const amount = Number(body.amount)
  if (!Number.isInteger(amount) || amount < 100) {
    return json(response, 400, razorpayError('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00'))
  }
  json(response, 200, {
    id: razorpayId('rfnd_'),
    entity: 'refund',
    amount,
    currency: 'INR',
    payment_id: paymentId,
    notes: body.notes ?? [],
    receipt: body.receipt ?? null,
    acquirer_data: { arn: null },
    created_at: Math.floor(Date.now() / 1000),
    batch_id: null,
    status,
    speed_processed: 'normal',
    speed_requested: body.speed ?? 'normal',
  })
}

/**
 * A stub handler answering as the Orders API (each order it creates is pushed to `orders`) and the Refunds API for
 * these keys; `refundStatus`: what a refund answers, `processed` or `pending` (its webhook then settles it).
 */
export function razorpayOrdersApi(keys, orders = [], refundStatus = 'processed') {
  const authorization = basicAuth(keys)
  return (request, response) => {
    if (request.headers.authorization !== authorization) {
      return json(response, 401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed'))
    }
    const refundOf = request.method === 'POST' ? /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/refund$/.exec(request.url ?? '') : null
    if (refundOf) return refund(response, refundOf[1], parseBody(request.body), refundStatus)
    if (request.method !== 'POST' || request.url !== '/v1/orders') {
      return json(response, 400, razorpayError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'))
    }
    const body = parseBody(request.body)
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 100) {
      return json(response, 400, razorpayError('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00'))
    }
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
    json(response, 200, order)
  }
}

/** A stub server answering as the Orders API for these keys, with the orders it created. */
export async function startRazorpayStub(keys) {
  const orders = []
  const server = await startStubServer(razorpayOrdersApi(keys, orders))
  return { ...server, orders }
}

/** A stored fixture event pointed at one of our orders; each payment attempt has its own id unless given. */
export function webhookEvent(name, { orderId, amount, paymentId = razorpayId('pay_') }) {
  const event = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'))
  Object.assign(event.payload.payment.entity, { id: paymentId, order_id: orderId, amount, base_amount: amount })
  if (event.payload.order) {
    Object.assign(event.payload.order.entity, { id: orderId, amount, amount_paid: amount, amount_due: 0 })
  }
  event.created_at = Math.floor(Date.now() / 1000)
  return event
}

/** A stored refund event (`refund.processed`, `refund.failed`) about one of our refunds. */
export function refundEvent(name, { refundId, paymentId, amount }) {
  const event = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'))
  Object.assign(event.payload.refund.entity, { id: refundId, payment_id: paymentId, amount })
  Object.assign(event.payload.payment.entity, { id: paymentId })
  event.created_at = Math.floor(Date.now() / 1000)
  return event
}
