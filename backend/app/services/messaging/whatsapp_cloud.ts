/*
 * The WhatsApp Business Cloud API (Meta's Graph API), as review requests use it (docs/decisions.md D32):
 * template messages (`POST /{version}/{phone-number-id}/messages`, `type: template`) and the webhook's signature
 * (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret). The base URL is configurable, so
 * tests talk to a stub on loopback that answers in the documented format.
 */
import { createHmac } from 'node:crypto'
import env from '#start/env'
import { isSameSecret } from '#lib/secrets'

export interface TemplateMessage {
  accessToken: string
  phoneNumberId: string
  /** The customer's number with its country code and no '+': 919876543210. */
  to: string
  template: string
  languageCode: string
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[]
  /**
   * Meta's `biz_opaque_callback_data`, echoed on every status webhook of the message: the same for a resend, so two
   * messages of one request are recognisable (docs/decisions.md D52).
   */
  callbackData?: string
}

/** A refusal or failure of the Cloud API, in its words: `error.error_data.details` (else `error.message`) and its code. */
export class WhatsAppCloudError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }

  /** Whether sending it again cannot help (a 4xx other than throttling): the request fails with this reason. */
  get permanent() {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429
  }
}

interface GraphError {
  message?: string
  code?: number
  error_data?: { details?: string }
}

/** The owner-facing reason of a Graph API error object (as in responses and in a failed status's `errors`). */
export function whatsappErrorReason(error: (GraphError & { title?: string }) | undefined, fallback: string) {
  const text = [error?.error_data?.details, error?.message, error?.title].find((part) => typeof part === 'string' && part.trim())
  const code = typeof error?.code === 'number' ? ` (${error.code})` : ''
  return `${(text ?? fallback).trim()}${code}`.slice(0, 255)
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
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
      }),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    })
    const body = (await response.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: GraphError }
    if (!response.ok || !body.messages?.[0]?.id) {
      throw new WhatsAppCloudError(whatsappErrorReason(body.error, `WhatsApp answered ${response.status}`), response.status)
    }
    return body.messages[0].id
  }

  /** The webhook subscription check: the challenge back when the verify token is ours. */
  verifySubscription(mode: unknown, token: unknown, challenge: unknown): string | null {
    if (mode !== 'subscribe' || !isSameSecret(token, this.config.verifyToken) || typeof challenge !== 'string') return null
    return challenge
  }

  /** Whether `X-Hub-Signature-256` is the HMAC of exactly this raw body with the app secret. */
  isSigned(rawBody: string, header: string | undefined | null): boolean {
    if (!this.config.appSecret || !header?.startsWith('sha256=')) return false
    return isSameSecret(header.slice('sha256='.length), createHmac('sha256', this.config.appSecret).update(rawBody).digest('hex'))
  }
}
