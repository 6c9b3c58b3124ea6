/*
 * The WhatsApp Business Cloud API (Meta's Graph API), as review requests use it (docs/decisions.md D32, issue 15):
 * template messages (`POST /{version}/{phone-number-id}/messages`, `type: template`) and the webhook's signature
 * (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret). The base URL is configurable, so
 * tests talk to a stub on loopback that answers in the documented format.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import env from '#start/env'

export interface TemplateMessage {
  accessToken: string
  phoneNumberId: string
  /** The customer's number with its country code and no '+': 919876543210. */
  to: string
  template: string
  languageCode: string
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[]
}

export class WhatsAppCloudError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

export class WhatsAppCloud {
  constructor(
    private config = {
      baseUrl: env.get('WHATSAPP_API_BASE_URL'),
      version: env.get('WHATSAPP_API_VERSION'),
      appSecret: env.get('WHATSAPP_APP_SECRET'),
      verifyToken: env.get('WHATSAPP_VERIFY_TOKEN'),
      timeoutMs: 10_000,
    }
  ) {}

  /** Sends one template message; answers the message id (`wamid.…`) the delivery webhook reports on. */
  async sendTemplate(message: TemplateMessage): Promise<string> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/${this.config.version}/${encodeURIComponent(message.phoneNumberId)}/messages`
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Authorization': `Bearer ${message.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.languageCode },
          components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
        },
      }),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    })
    const body = (await response.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: { message?: string } }
    if (!response.ok || !body.messages?.[0]?.id) {
      throw new WhatsAppCloudError(body.error?.message ?? `WhatsApp answered ${response.status}`, response.status)
    }
    return body.messages[0].id
  }

  /** The webhook subscription check: the challenge back when the verify token is ours. */
  verifySubscription(mode: unknown, token: unknown, challenge: unknown): string | null {
    if (!this.config.verifyToken || mode !== 'subscribe' || token !== this.config.verifyToken || typeof challenge !== 'string') return null
    return challenge
  }

  /** Whether `X-Hub-Signature-256` is the HMAC of exactly this raw body with the app secret. */
  isSigned(rawBody: string, header: string | undefined | null): boolean {
    if (!this.config.appSecret || !header?.startsWith('sha256=')) return false
    const expected = Buffer.from(createHmac('sha256', this.config.appSecret).update(rawBody).digest('hex'))
    const given = Buffer.from(header.slice('sha256='.length))
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}
