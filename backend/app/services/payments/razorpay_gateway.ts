/*
 * Razorpay Orders and signature checks (https://razorpay.com/docs/payments/server-integration/nodejs/).
 * The official SDK makes the calls; signatures are compared in constant time here.
 */
import { createHmac } from 'node:crypto'
import Razorpay from 'razorpay'
import logger from '@adonisjs/core/services/logger'
import paymentsConfig from '#config/payments'
import { NotConfiguredError, ServiceUnavailableError } from '#exceptions/app_errors'
import { isSameSecret } from '#lib/secrets'
import { PAYMENTS_NOT_CONFIGURED, PAYMENTS_NOT_SET_UP } from '#contract/product_rules'

/** No keys: nothing can be sold here, and trying again will not change that (docs/decisions.md D59). */
const notConfigured = () => new NotConfiguredError(PAYMENTS_NOT_SET_UP, PAYMENTS_NOT_CONFIGURED)
const UNAVAILABLE = 'The payment provider is unavailable right now. Please try again in a moment.'

export interface RazorpayOrder {
  id: string
  amount: number
  currency: string
  receipt?: string
  status: string
}

export interface RazorpayRefund {
  id: string
  amount: number
  payment_id: string
  status: 'pending' | 'processed' | 'failed'
}

/** Razorpay refused a call (a 4xx), in its words: e.g. "The refund amount provided is greater than amount captured". */
export class RazorpayRefusal extends Error {}

type PaymentsConfig = typeof paymentsConfig

function hmacHex(secret: string, payload: string) {
  return createHmac('sha256', secret).update(payload).digest('hex')
}

export class RazorpayGateway {
  #client: Razorpay | null = null

  constructor(private config: PaymentsConfig = paymentsConfig) {}

  get isConfigured() {
    return Boolean(this.config.keyId && this.config.keySecret)
  }

  /** Throws the 503 "payments are not set up on this server" without keys. */
  assertConfigured() {
    if (!this.isConfigured) throw notConfigured()
  }

  get keyId() {
    this.assertConfigured()
    return this.config.keyId
  }

  private client() {
    this.assertConfigured()
    if (!this.#client) {
      this.#client = new Razorpay({ key_id: this.config.keyId, key_secret: this.config.keySecret })
      // The SDK has no base-URL option: its axios instance is the one place to point it elsewhere.
      const http = (this.#client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }).api.rq
      http.defaults.baseURL = this.config.baseUrl
      http.defaults.timeout = this.config.timeoutMs
    }
    return this.#client
  }

  async createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder> {
    try {
      const order = await this.client().orders.create({ amount: input.amount, currency: 'INR', receipt: input.receipt, notes: input.notes })
      return order as unknown as RazorpayOrder
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error
      logger.error({ err: error }, 'razorpay order creation failed')
      throw new ServiceUnavailableError(UNAVAILABLE)
    }
  }

  /**
   * Refunds part or all of a captured payment (`POST /v1/payments/{id}/refund`, amount in paise); answers the refund
   * entity (`rfnd_…`, status `processed` or `pending`; `refund.processed` / `refund.failed` webhooks follow).
   */
  async refund(paymentId: string, input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayRefund> {
    try {
      const refund = await this.client().payments.refund(paymentId, {
        amount: input.amount,
        speed: 'normal',
        receipt: input.receipt,
        notes: input.notes,
      })
      return refund as unknown as RazorpayRefund
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error
      logger.error({ err: error, paymentId }, 'razorpay refund failed')
      const description = (error as { error?: { description?: unknown } })?.error?.description
      const status = (error as { statusCode?: unknown })?.statusCode
      if (typeof status === 'number' && status >= 400 && status < 500 && typeof description === 'string')
        throw new RazorpayRefusal(description)
      throw new ServiceUnavailableError(UNAVAILABLE)
    }
  }

  /** Checkout's handler signature: HMAC-SHA256 of "{order_id}|{payment_id}" with the key secret. */
  isValidCheckoutSignature(orderId: string, paymentId: string, signature: unknown) {
    if (!this.isConfigured) return false
    return isSameSecret(signature, hmacHex(this.config.keySecret, `${orderId}|${paymentId}`))
  }

  /** X-Razorpay-Signature: HMAC-SHA256 of the raw request body with the webhook secret. */
  isValidWebhookSignature(rawBody: string, signature: unknown) {
    if (!this.config.webhookSecret) return false
    return isSameSecret(signature, hmacHex(this.config.webhookSecret, rawBody))
  }
}
