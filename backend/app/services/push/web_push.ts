/*
 * Web Push (docs/decisions.md D68) with the `web-push` package: a notification encrypted to the subscription's keys
 * (aes128gcm, RFC 8291), signed for the push service with our VAPID key (RFC 8292), kept by the service for a TTL.
 * Only the browsers' own push services are accepted as endpoints (we POST to the address a browser gave, so an
 * address of our own network must never pass), plus the origins PUSH_SERVICE_ORIGINS adds (tests: a stub).
 */
import type { Agent } from 'node:https'
import webpush from 'web-push'
import env from '#start/env'

/** The push services of Chrome, Edge, Firefox and Safari: origins, or a host suffix after `*.`. */
const BROWSER_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
]

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** What a phone shows, and where a tap goes (a path of the dashboard). */
export interface PushNotification {
  title: string
  body: string
  url: string
  /** Notifications with one tag replace each other on the phone. */
  tag: string
  /** The signed token the notification's click sends back, so its WhatsApp fallback stays unsent. */
  opened?: string
}

export interface WebPushConfig {
  publicKey: string
  privateKey: string
  subject: string
  extraOrigins: string
  timeoutMs: number
  /** The TLS agent to reach push services with (tests: one trusting the stub's certificate). */
  agent?: Agent
}

export class WebPush {
  constructor(
    private config: WebPushConfig = {
      publicKey: env.get('VAPID_PUBLIC_KEY'),
      privateKey: env.get('VAPID_PRIVATE_KEY'),
      subject: env.get('VAPID_SUBJECT'),
      extraOrigins: env.get('PUSH_SERVICE_ORIGINS'),
      timeoutMs: 10_000,
    }
  ) {}

  /** Push is on only with all three VAPID settings. */
  get enabled() {
    return Boolean(this.config.publicKey && this.config.privateKey && this.config.subject)
  }

  get publicKey() {
    return this.enabled ? this.config.publicKey : null
  }

  /** Whether `endpoint` is an address of a push service we send to. */
  acceptsEndpoint(endpoint: string) {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return false
    }
    if (url.username || url.password) return false
    const extra = this.config.extraOrigins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
    return [...BROWSER_PUSH_SERVICES, ...extra].some((service) => {
      const wildcard = /^https:\/\/\*\.(.+)$/.exec(service)
      if (wildcard) return url.protocol === 'https:' && url.hostname.endsWith(`.${wildcard[1]}`) && url.port === ''
      return url.origin === service.replace(/\/+$/, '')
    })
  }

  /** Sends one notification; `gone` when the service says the subscription no longer exists (404 or 410). */
  async send(target: PushTarget, notification: PushNotification, ttlSeconds: number): Promise<'sent' | 'gone'> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(notification),
        {
          TTL: ttlSeconds,
          urgency: 'high',
          topic: notification.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          contentEncoding: 'aes128gcm',
          timeout: this.config.timeoutMs,
          ...(this.config.agent ? { agent: this.config.agent } : {}),
          vapidDetails: { subject: this.config.subject, publicKey: this.config.publicKey, privateKey: this.config.privateKey },
        }
      )
      return 'sent'
    } catch (error) {
      if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone'
      throw error
    }
  }
}
