/*
 * What each provider's webhook says, as that provider documents it (docs/decisions.md D72, docs/integrations.md):
 * how it is signed, which deliveries are pings, and, for the event an integration waits for, the order, payment,
 * invoice or appointment it is about, its amount and its customer.
 * - Razorpay: `X-Razorpay-Signature`, hex HMAC-SHA256 of the raw body; `payment.captured` (payload.payment.entity)
 *   and `order.paid` (payload.order.entity with payload.payment.entity); amounts in paise; `X-Razorpay-Event-Id`.
 * - Shopify: `X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256; the topic in `X-Shopify-Topic` (`orders/paid`,
 *   `orders/fulfilled`); the order with `customer` and `billing_address`; `total_price` in rupees as text.
 * - WooCommerce: `X-WC-Webhook-Signature`, base64 HMAC-SHA256; `X-WC-Webhook-Topic: order.updated` (or
 *   `order.created`) whose order has `status: completed`; a new webhook's ping is the form body `webhook_id=N`.
 * - Zoho Books: the secret in `X-ReviewRoute-Secret` (a custom header of the webhook); the invoice with
 *   `status: paid`, `total`, `customer_name`, `email` and `contact_persons_details`.
 * - Zenoti: the secret in `X-ReviewRoute-Secret`; `{event_type, data: {invoice | appointment}}` with the guest.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IntegrationProvider } from '#contract/integrations'
import { indianMobileDigits } from '#lib/phone'

export type Headers = Record<string, string | string[] | undefined>

export interface ServedCustomer {
  name: string
  /** 10 digits of an Indian mobile, when the event had one. */
  phone: string | null
  email: string | null
}

/** What one delivery is, once its signature is good. */
export type ProviderEvent =
  /** A provider's test or set-up ping. */
  | { kind: 'ping' }
  /** An event that is not one the integration waits for (another topic, an order not completed). */
  | { kind: 'other'; trigger: string | null }
  | {
      kind: 'served'
      trigger: string
      /** The order, payment, invoice or appointment, as the owner knows it (an order's name, an invoice's number). */
      reference: string
      /** What a repeat of this event is known by: the provider's own id of the thing. */
      dedupeKey: string
      /** The bill in paise; null when the event has none. */
      amountPaise: number | null
      customer: ServedCustomer
    }

/** A body that is not the provider's format: 400. */
export class MalformedEvent extends Error {}

const header = (headers: Headers, name: string) => {
  const value = headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? ''
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b)

const hmac = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw).digest()

/**
 * The header a provider signs a delivery of `raw` with, as it documents it: a hex or base64 HMAC-SHA256 of the body,
 * or (Zoho Books, Zenoti) the shared secret itself. "Send a test event" signs with it too.
 */
export function signatureHeader(provider: IntegrationProvider, raw: Buffer, secret: string): [string, string] {
  switch (provider) {
    case 'razorpay':
      return ['x-razorpay-signature', hmac(secret, raw).toString('hex')]
    case 'shopify':
      return ['x-shopify-hmac-sha256', hmac(secret, raw).toString('base64')]
    case 'woocommerce':
      return ['x-wc-webhook-signature', hmac(secret, raw).toString('base64')]
    case 'zoho_books':
    case 'zenoti':
      return ['x-reviewroute-secret', secret]
  }
}

/** Whether the delivery carries the provider's signature (or shared secret) for this integration's secret. */
export function isSigned(provider: IntegrationProvider, headers: Headers, raw: Buffer, secret: string): boolean {
  switch (provider) {
    case 'razorpay': {
      const given = header(headers, 'x-razorpay-signature')
      return /^[0-9a-f]{64}$/i.test(given) && sameBytes(Buffer.from(given.toLowerCase(), 'hex'), hmac(secret, raw))
    }
    case 'shopify':
    case 'woocommerce': {
      const given = header(headers, provider === 'shopify' ? 'x-shopify-hmac-sha256' : 'x-wc-webhook-signature')
      return /^[A-Za-z0-9+/]{43}=$/.test(given) && sameBytes(Buffer.from(given, 'base64'), hmac(secret, raw))
    }
    case 'zoho_books':
    case 'zenoti': {
      const given = header(headers, 'x-reviewroute-secret')
      return given.length > 0 && sameBytes(Buffer.from(given), Buffer.from(secret))
    }
  }
}

/** A WooCommerce webhook's set-up ping: an unsigned form body `webhook_id=N`. */
export const isWooPing = (raw: Buffer) => /^webhook_id=\d+$/.test(raw.toString('utf8').trim())

/** The event of a signed delivery. */
export function readEvent(provider: IntegrationProvider, headers: Headers, raw: Buffer): ProviderEvent {
  if (provider === 'woocommerce' && isWooPing(raw)) return { kind: 'ping' }
  const body = parseJson(raw)
  switch (provider) {
    case 'razorpay':
      return razorpay(body, header(headers, 'x-razorpay-event-id'))
    case 'shopify':
      return shopify(body, header(headers, 'x-shopify-topic'))
    case 'woocommerce':
      return woocommerce(body, header(headers, 'x-wc-webhook-topic'))
    case 'zoho_books':
      return zohoBooks(body)
    case 'zenoti':
      return zenoti(body)
  }
}

type Json = Record<string, unknown>

function parseJson(raw: Buffer): Json {
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    throw new MalformedEvent('The body is not JSON.')
  }
  if (!isObject(body)) throw new MalformedEvent('The body is not a JSON object.')
  return body
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const objectAt = (value: unknown, ...path: string[]): Json | null => {
  let at: unknown = value
  for (const key of path) at = isObject(at) ? at[key] : undefined
  return isObject(at) ? at : null
}
const text = (value: unknown, max = 191): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.replace(/\s+/g, ' ').trim()
  return trimmed ? trimmed.slice(0, max) : null
}
/** Rupees as a provider writes them ("499.00", 499.5) in paise; null when it is not a sum. */
const rupeesToPaise = (value: unknown): number | null => {
  const figure =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : Number.NaN
  return Number.isFinite(figure) && figure >= 0 ? Math.round(figure * 100) : null
}
const mobile = (...candidates: unknown[]) => {
  for (const candidate of candidates) {
    const digits = typeof candidate === 'string' ? indianMobileDigits(candidate) : null
    if (digits) return digits
  }
  return null
}
const email = (...candidates: unknown[]) => {
  for (const candidate of candidates) {
    const value = text(candidate, 254)
    if (value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return value.toLowerCase()
  }
  return null
}
const fullName = (...parts: unknown[]) =>
  parts
    .map((part) => text(part, 100))
    .filter(Boolean)
    .join(' ')
    .slice(0, 100)

function served(
  trigger: string,
  reference: string | null,
  amountPaise: number | null,
  customer: ServedCustomer,
  dedupeKey = reference
): ProviderEvent {
  if (!reference || !dedupeKey) throw new MalformedEvent('The event names no order, payment, invoice or appointment.')
  return { kind: 'served', trigger, reference, dedupeKey: `${trigger}:${dedupeKey}`.slice(0, 191), amountPaise, customer }
}

function razorpay(body: Json, eventId: string): ProviderEvent {
  const event = text(body.event)
  if (!event) throw new MalformedEvent('A Razorpay event has an "event".')
  if (event !== 'payment.captured' && event !== 'order.paid') return { kind: 'other', trigger: event }
  const payment = objectAt(body, 'payload', 'payment', 'entity')
  const order = objectAt(body, 'payload', 'order', 'entity')
  if (!payment && !order) throw new MalformedEvent('A Razorpay payment event has payload.payment.entity.')
  const notes = objectAt(payment, 'notes') ?? objectAt(order, 'notes') ?? {}
  const amount = payment?.amount ?? order?.amount_paid ?? order?.amount
  const reference = event === 'order.paid' ? text(order?.id ?? payment?.order_id) : text(payment?.id)
  return served(
    event,
    reference,
    typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 ? amount : null,
    {
      name: fullName(notes.name ?? notes.customer_name) || 'Customer',
      phone: mobile(payment?.contact, notes.phone, notes.contact),
      email: email(payment?.email, notes.email),
    },
    // One request per payment (or order), whatever the event id of a redelivery.
    reference ?? eventId
  )
}

function shopify(order: Json, topic: string): ProviderEvent {
  if (topic !== 'orders/paid' && topic !== 'orders/fulfilled') return { kind: 'other', trigger: topic || null }
  const id = text(order.id)
  if (!id) throw new MalformedEvent('A Shopify order has an "id".')
  const customer = objectAt(order, 'customer')
  const billing = objectAt(order, 'billing_address')
  const shipping = objectAt(order, 'shipping_address')
  return served(
    topic,
    text(order.name) ?? id,
    rupeesToPaise(order.total_price ?? order.current_total_price),
    {
      name: fullName(customer?.first_name, customer?.last_name) || fullName(billing?.name) || 'Customer',
      phone: mobile(customer?.phone, billing?.phone, order.phone, shipping?.phone, objectAt(customer, 'default_address')?.phone),
      email: email(customer?.email, order.email, order.contact_email),
    },
    // The order's GraphQL id is exact; its numeric id is beyond what JSON numbers hold in JavaScript.
    text(order.admin_graphql_api_id) ?? id
  )
}

function woocommerce(order: Json, topic: string): ProviderEvent {
  if (topic !== 'order.updated' && topic !== 'order.created') return { kind: 'other', trigger: topic || null }
  const id = text(order.id)
  if (!id) throw new MalformedEvent('A WooCommerce order has an "id".')
  if (order.status !== 'completed') return { kind: 'other', trigger: `order.${text(order.status) ?? 'updated'}` }
  const billing = objectAt(order, 'billing')
  return served(
    'order.completed',
    text(order.number) ?? id,
    rupeesToPaise(order.total),
    {
      name: fullName(billing?.first_name, billing?.last_name) || 'Customer',
      phone: mobile(billing?.phone, objectAt(order, 'shipping')?.phone),
      email: email(billing?.email),
    },
    id
  )
}

function zohoBooks(body: Json): ProviderEvent {
  const invoice = objectAt(body, 'invoice') ?? (text(body.invoice_id) ? body : null)
  if (!invoice) throw new MalformedEvent('A Zoho Books invoice webhook has an "invoice".')
  if (String(invoice.status ?? '').toLowerCase() !== 'paid')
    return { kind: 'other', trigger: `invoice.${text(invoice.status) ?? 'updated'}` }
  const contacts = Array.isArray(invoice.contact_persons_details) ? invoice.contact_persons_details.filter(isObject) : []
  const primary = contacts.find((person) => person.is_primary_contact === true) ?? contacts[0] ?? null
  return served(
    'invoice.paid',
    text(invoice.invoice_number) ?? text(invoice.invoice_id),
    rupeesToPaise(invoice.total),
    {
      name: text(invoice.customer_name, 100) || fullName(primary?.first_name, primary?.last_name) || 'Customer',
      phone: mobile(primary?.mobile, primary?.phone, invoice.mobile, invoice.phone),
      email: email(invoice.email, primary?.email),
    },
    text(invoice.invoice_id) ?? text(invoice.invoice_number)
  )
}

function zenoti(body: Json): ProviderEvent {
  const type = text(body.event_type ?? body.eventType)
  if (!type) throw new MalformedEvent('A Zenoti webhook has an "event_type".')
  if (type !== 'Invoice.Closed' && type !== 'Appointment.Completed') return { kind: 'other', trigger: type }
  const data = objectAt(body, 'data')
  const thing = type === 'Invoice.Closed' ? objectAt(data, 'invoice') : objectAt(data, 'appointment')
  if (!thing) throw new MalformedEvent(`A Zenoti ${type} event has data.${type === 'Invoice.Closed' ? 'invoice' : 'appointment'}.`)
  const guest = objectAt(thing, 'guest') ?? objectAt(data, 'guest')
  const phone = objectAt(guest, 'mobile')
  const total = objectAt(thing, 'total_price')
  const id = text(thing.id ?? thing.appointment_id ?? thing.invoice_id)
  return served(
    type,
    text(thing.invoice_no ?? thing.invoice_number) ?? id,
    rupeesToPaise(total?.sum_total ?? total?.final_total ?? thing.total),
    {
      name: fullName(guest?.first_name, guest?.last_name) || 'Customer',
      phone: mobile(phone?.number, phone?.display_number, guest?.phone),
      email: email(guest?.email),
    },
    id
  )
}
