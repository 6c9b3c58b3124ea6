/*
 * The WhatsApp Business Cloud API (Meta's Graph API), as ReviewRoute uses it (docs/decisions.md D32, D67):
 * - Embedded Signup's onboarding: the code exchanged for the business token (`GET /oauth/access_token`), our app
 *   subscribed to the WABA's webhooks (`POST /{waba-id}/subscribed_apps`), the number registered
 *   (`POST /{phone-number-id}/register`) and read (`GET /{phone-number-id}?fields=…`), the templates listed and
 *   created (`/{waba-id}/message_templates`);
 * - messages (`POST /{phone-number-id}/messages`): templates with quick-reply payloads, interactive buttons and
 *   call-to-action links, text; media downloads (`GET /{media-id}`, then its short-lived URL) for voice notes;
 * - the webhook's signature (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret).
 * The base URL is configurable, so tests talk to a stub on loopback that answers in the documented format.
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
  /** The payloads of the template's quick-reply buttons, in the buttons' order (ReviewRoute's own templates). */
  quickReplyPayloads?: string[]
  /** The parameter of the template's link button, after its quick replies (the dashboard path of an owner's alert). */
  urlButtonParameter?: string
}

/** Who sends: the business's number and its token. */
export interface Sender {
  accessToken: string
  phoneNumberId: string
}

/** An interactive message (Meta's `interactive` object): reply buttons, or one call-to-action link. */
export type Interactive =
  | { type: 'button'; body: string; buttons: { id: string; title: string }[] }
  | { type: 'cta_url'; body: string; displayText: string; url: string }

/** A template as Meta lists it. */
export interface GraphTemplate {
  id: string
  name: string
  language: string
  status: string
  rejected_reason?: string
}

/** Meta's reason for a template's state, as it lists one ('NONE', or none at all, is no reason). */
export const templateReason = (template: Pick<GraphTemplate, 'rejected_reason'>) =>
  typeof template.rejected_reason === 'string' && template.rejected_reason !== 'NONE' ? template.rejected_reason : null

/** What Meta says about a number. */
export interface GraphPhoneNumber {
  display_phone_number?: string
  verified_name?: string
  quality_rating?: string
  messaging_limit_tier?: string
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

/** Meta could not be reached, or answered a 5xx: nothing was done on its side that we know of. */
export class WhatsAppUnavailableError extends WhatsAppCloudError {}

interface GraphError {
  message?: string
  code?: number
  error_user_msg?: string
  error_data?: { details?: string }
}

/** The owner-facing reason of a Graph API error object (as in responses and in a failed status's `errors`). */
export function whatsappErrorReason(error: (GraphError & { title?: string }) | undefined, fallback: string) {
  const text = [error?.error_user_msg, error?.error_data?.details, error?.message, error?.title].find(
    (part) => typeof part === 'string' && part.trim()
  )
  const code = typeof error?.code === 'number' ? ` (${error.code})` : ''
  return `${(text ?? fallback).trim()}${code}`.slice(0, 255)
}

export interface WhatsAppCloudConfig {
  baseUrl: string
  version: string
  appSecret: string
  /** Meta's app id, for Embedded Signup's code exchange. */
  appId?: string
  verifyToken: string
  timeoutMs: number
}

export class WhatsAppCloud {
  constructor(
    private config: WhatsAppCloudConfig = {
      baseUrl: env.get('WHATSAPP_API_BASE_URL'),
      version: env.get('WHATSAPP_API_VERSION'),
      appSecret: env.get('WHATSAPP_APP_SECRET'),
      appId: env.get('WHATSAPP_APP_ID'),
      verifyToken: env.get('WHATSAPP_VERIFY_TOKEN'),
      timeoutMs: 10_000,
    }
  ) {}

  /** Sends one template message; answers the message id (`wamid.…`) the delivery webhook reports on. */
  async sendTemplate(message: TemplateMessage): Promise<string> {
    const components: unknown[] = [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }]
    message.quickReplyPayloads?.forEach((payload, index) =>
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] })
    )
    if (message.urlButtonParameter !== undefined) {
      const index = String(message.quickReplyPayloads?.length ?? 0)
      components.push({ type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: message.urlButtonParameter }] })
    }
    return this.sendMessage(message, message.to, {
      type: 'template',
      template: { name: message.template, language: { code: message.languageCode }, components },
      ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
    })
  }

  /**
   * An authentication template with a one-time code (Meta's AUTHENTICATION category): the code in the body and in
   * the copy-code button, which Meta's format passes as the button's URL parameter.
   */
  sendAuthenticationCode(sender: Sender, to: string, template: string, languageCode: string, code: string) {
    return this.sendMessage(sender, to, {
      type: 'template',
      template: {
        name: template,
        language: { code: languageCode },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    })
  }

  /** An interactive message inside the customer service window (reply buttons or a call-to-action link). */
  sendInteractive(sender: Sender, to: string, interactive: Interactive) {
    const action =
      interactive.type === 'button'
        ? { buttons: interactive.buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })) }
        : { name: 'cta_url', parameters: { display_text: interactive.displayText, url: interactive.url } }
    return this.sendMessage(sender, to, {
      type: 'interactive',
      interactive: { type: interactive.type, body: { text: interactive.body }, action },
    })
  }

  /** A text message inside the customer service window. */
  sendText(sender: Sender, to: string, body: string) {
    return this.sendMessage(sender, to, { type: 'text', text: { preview_url: false, body } })
  }

  private async sendMessage(sender: Sender, to: string, message: Record<string, unknown>): Promise<string> {
    const body = await this.call<{ messages?: { id: string }[] }>(sender.accessToken, 'POST', `${sender.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...message,
    })
    const id = body.messages?.[0]?.id
    if (!id) throw new WhatsAppCloudError('WhatsApp answered without a message id', 502)
    return id
  }

  /** Embedded Signup's code for the business's token (our app's id and secret). */
  async exchangeCode(code: string): Promise<string> {
    const query = new URLSearchParams({ client_id: this.config.appId ?? '', client_secret: this.config.appSecret, code })
    const body = await this.call<{ access_token?: string }>(null, 'GET', `oauth/access_token?${query}`)
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new WhatsAppCloudError('Meta answered without an access token', 502)
    return body.access_token
  }

  /** Our app subscribed to the WABA's webhooks (messages, template states, quality, account updates). */
  async subscribeApp(accessToken: string, wabaId: string) {
    await this.call(accessToken, 'POST', `${wabaId}/subscribed_apps`)
  }

  /** A new Cloud API number registered, with its two-step verification pin (not for a number kept in the app). */
  async register(accessToken: string, phoneNumberId: string, pin: string) {
    await this.call(accessToken, 'POST', `${phoneNumberId}/register`, { messaging_product: 'whatsapp', pin })
  }

  /** What Meta says about the number: as shown, the verified name, the quality rating and the messaging limit. */
  phoneNumber(accessToken: string, phoneNumberId: string) {
    return this.call<GraphPhoneNumber>(
      accessToken,
      'GET',
      `${phoneNumberId}?fields=display_phone_number,verified_name,quality_rating,messaging_limit_tier`
    )
  }

  /** The WABA's templates (the first 250: ReviewRoute needs nine). */
  async templates(accessToken: string, wabaId: string): Promise<GraphTemplate[]> {
    const body = await this.call<{ data?: GraphTemplate[] }>(
      accessToken,
      'GET',
      `${wabaId}/message_templates?fields=id,name,language,status,rejected_reason&limit=250`
    )
    return Array.isArray(body.data) ? body.data : []
  }

  /** A template submitted for Meta's review; answers its id and first state. */
  async createTemplate(accessToken: string, wabaId: string, template: Record<string, unknown>) {
    const body = await this.call<{ id?: string; status?: string }>(accessToken, 'POST', `${wabaId}/message_templates`, template)
    if (typeof body.id !== 'string') throw new WhatsAppCloudError('Meta answered without a template id', 502)
    return { id: body.id, status: typeof body.status === 'string' ? body.status : 'PENDING' }
  }

  /** A customer's media (a voice note): its URL from `GET /{media-id}`, then the bytes with the token. */
  async downloadMedia(accessToken: string, mediaId: string, maxBytes: number) {
    const media = await this.call<{ url?: string; mime_type?: string; file_size?: number }>(accessToken, 'GET', encodeURIComponent(mediaId))
    if (typeof media.url !== 'string') throw new WhatsAppCloudError('Meta answered without a media URL', 502)
    if (typeof media.file_size === 'number' && media.file_size > maxBytes) throw new WhatsAppCloudError('The media is too large', 413)
    const response = await this.fetch(media.url, { headers: { Authorization: `Bearer ${accessToken}` } })
    if (!response.ok) throw this.failure(response.status, undefined)
    const bytes = Buffer.from(await response.arrayBuffer())
    if (bytes.length > maxBytes) throw new WhatsAppCloudError('The media is too large', 413)
    return { mimeType: (media.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream').slice(0, 100), bytes }
  }

  /** One Graph API call; Meta's refusal as a WhatsAppCloudError in its words, no answer or a 5xx as unavailable. */
  private async call<T = Record<string, unknown>>(
    accessToken: string | null,
    method: 'GET' | 'POST',
    path: string,
    json?: unknown
  ): Promise<T> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/${this.config.version}/${path}`
    const headers: Record<string, string> = {}
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`
    if (json !== undefined || method === 'POST') headers['Content-Type'] = 'application/json'
    const response = await this.fetch(url, { method, headers, body: method === 'POST' ? JSON.stringify(json ?? {}) : undefined })
    const body = (await response.json().catch(() => ({}))) as T & { error?: GraphError }
    if (!response.ok) throw this.failure(response.status, body.error)
    return body
  }

  private async fetch(url: string, init: RequestInit) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) })
    } catch {
      throw new WhatsAppUnavailableError('WhatsApp (Meta) could not be reached. Try again in a few minutes.', 503)
    }
  }

  private failure(status: number, error: GraphError | undefined) {
    if (status >= 500) return new WhatsAppUnavailableError(whatsappErrorReason(error, `WhatsApp (Meta) answered ${status}`), status)
    return new WhatsAppCloudError(whatsappErrorReason(error, `WhatsApp answered ${status}`), status)
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
