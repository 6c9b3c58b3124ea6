import env from '#start/env'

export default {
  keyId: env.get('RAZORPAY_KEY_ID'),
  keySecret: env.get('RAZORPAY_KEY_SECRET'),
  webhookSecret: env.get('RAZORPAY_WEBHOOK_SECRET'),
  /** The SDK hard-codes api.razorpay.com; tests point this at a stub server. */
  baseUrl: env.get('RAZORPAY_BASE_URL'),
  timeoutMs: env.get('RAZORPAY_TIMEOUT_MS'),
}
