import type { IncomingMessage } from 'node:http'
import type { Agent } from 'node:https'

/** RFC 8030's limit on a message body, in bytes (more answers 413). */
export const MAX_PUSH_BYTES: number

/** The PushSubscription JSON a browser hands the page (what the backend stores and gives web-push). */
export interface StubPushSubscription {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

/** A message the stub accepted (201), decrypted: what the phone would show. */
export interface PushDelivery {
  endpoint: string
  /** The subscribe() label, else null. */
  label: string | null
  /** The TTL header, in seconds. */
  ttl: number
  /** The Urgency header ('normal' when absent). */
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** The Topic header, else null. */
  topic: string | null
  /** The VAPID JWT's claims. */
  vapid: { aud: string; sub: string; exp: number }
  /** The decrypted body ('' for a message without one). */
  payload: string
  /** The payload parsed as JSON, else null. */
  json: unknown
  at: Date
}

/** Every request that reached the stub, answered or refused. */
export interface PushRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  /** The status answered. */
  status: number
  at: Date
}

export interface PushService {
  /** https://127.0.0.1:<port>, the origin a VAPID JWT's aud must name. */
  url: string
  /** The self-signed certificate (PEM) the stub serves, for 127.0.0.1 and localhost. */
  ca: string
  /** That certificate in a file (removed by close()), for NODE_EXTRA_CA_CERTS in a process that sends. */
  caFile: string
  /** An https.Agent trusting the certificate: web-push's `agent` option. */
  agent: Agent
  /** Accepted messages, in order. */
  received: PushDelivery[]
  /** Every request, in order, with the status answered. */
  requests: PushRequest[]
  /**
   * A new subscription, as PushManager.subscribe() makes one: a P-256 key pair and a 16-byte auth secret (the
   * stub keeps the private key to decrypt). `applicationServerKey` (base64url) binds it to one VAPID key: another
   * k answers 403.
   */
  subscribe(options?: { label?: string; applicationServerKey?: string }): StubPushSubscription
  /** The user unsubscribed: the endpoint answers 410 from now on. */
  unsubscribe(endpoint: string | { endpoint: string }): void
  /**
   * The next `times` (default 1) messages to a matching endpoint (exact URL, a subscription, or a RegExp over the
   * URL) answer `status` (410, 404, 413, 429 and 503 with Retry-After, 500, …) before any check and are not delivered.
   */
  failNext(endpointOrPattern: string | RegExp | { endpoint: string }, status: number, times?: number): void
  /** Forgets everything: subscriptions so far answer 410, and received, requests and pending failures are emptied. */
  reset(): void
  close(): Promise<void>
}

/**
 * Starts the push service. `vapidPublicKey` (base64url, as web-push's generateVAPIDKeys() gives it): a message
 * signed with another key answers 403 (RFC 8292's answer for a key that does not match the subscription's).
 */
export function startPushService(options?: { vapidPublicKey?: string }): Promise<PushService>
