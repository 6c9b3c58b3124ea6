/*
 * SMS for India through MSG91's Flow API (docs/decisions.md D32), in its documented format:
 * `POST {base}/api/v5/flow/` with the `authkey` header and `{template_id, sender, short_url, recipients: [{mobiles,
 * VAR1, VAR2, …}]}`, answered `{type: 'success', message: <request id>}`. Only registered templates can be sent:
 * the MSG91 template is mapped to the DLT template (and the sender id and the principal entity's id) on MSG91's
 * side, as TRAI's DLT rules require. Delivery reports come back to our webhook with the request id.
 */
import env from '#start/env'
import { isSameSecret } from '#lib/secrets'

export interface Msg91Config {
  baseUrl: string
  authKey: string
  senderId: string
  /** The MSG91 template mapped to the DLT-approved review-request template. */
  templateId: string
  /** The DLT principal entity id the template is registered under (kept with the template for the record). */
  dltEntityId: string
  /** The secret in the delivery-report address: MSG91 does not sign its callbacks. */
  webhookToken: string
  timeoutMs: number
}

/** A refusal or failure of MSG91, in its words (`{type: 'error', message}`). */
export class Msg91Error extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }

  /** Whether sending it again cannot help: MSG91 refused it (`type: 'error'` or a 4xx other than throttling). */
  get permanent() {
    return this.status >= 200 && this.status < 500 && this.status !== 408 && this.status !== 429
  }
}

export class Msg91Sms {
  constructor(
    private config: Msg91Config = {
      baseUrl: env.get('MSG91_BASE_URL'),
      authKey: env.get('MSG91_AUTH_KEY'),
      senderId: env.get('MSG91_SENDER_ID'),
      templateId: env.get('MSG91_TEMPLATE_ID'),
      dltEntityId: env.get('DLT_ENTITY_ID'),
      webhookToken: env.get('MSG91_WEBHOOK_TOKEN'),
      timeoutMs: 10_000,
    }
  ) {}

  get isConfigured() {
    return Boolean(this.config.authKey && this.config.senderId && this.config.templateId)
  }

  /** Sends the registered template to one Indian mobile (10 digits) with its variables in order; the request id. */
  async sendTemplate(mobile: string, variables: string[]): Promise<string> {
    const recipient: Record<string, string> = { mobiles: `91${mobile}` }
    variables.forEach((value, index) => (recipient[`VAR${index + 1}`] = value))
    const response = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}/api/v5/flow/`, {
      method: 'POST',
      headers: { 'authkey': this.config.authKey, 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify({ template_id: this.config.templateId, sender: this.config.senderId, short_url: '0', recipients: [recipient] }),
      signal: AbortSignal.timeout(this.config.timeoutMs),
    })
    const body = (await response.json().catch(() => ({}))) as { type?: string; message?: string }
    if (!response.ok || body.type !== 'success' || typeof body.message !== 'string') {
      throw new Msg91Error(String(body.message ?? `MSG91 answered ${response.status}`).slice(0, 255), response.status)
    }
    return body.message
  }

  /** Whether a delivery report came to our secret address. */
  acceptsWebhook(token: unknown) {
    return isSameSecret(token, this.config.webhookToken)
  }
}
