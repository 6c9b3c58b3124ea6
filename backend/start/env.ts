/*
 * Every setting the backend reads, validated once at boot, each with a default that works on a developer
 * machine (MariaDB root@127.0.0.1, Redis on 6379). `.env.example` lists the same keys.
 */
import { Env } from '@adonisjs/core/env'
import { parseTrustProxy } from '#lib/trust_proxy'

type Validator<T> = (key: string, value?: string) => T | undefined
const withDefault =
  <T>(validate: Validator<T>, fallback: T) =>
  (key: string, value?: string): T =>
    validate(key, value) ?? fallback

const str = (fallback: string) => withDefault(Env.schema.string.optional(), fallback)
const num = (fallback: number) => withDefault(Env.schema.number.optional(), fallback)
const bool = (fallback: boolean) => withDefault(Env.schema.boolean.optional(), fallback)
/** A string that must match `shape` when set (`what` says how, in the boot error). */
const shaped = (shape: RegExp, what: string, fallback: string) => (key: string, value?: string) => {
  if (value === undefined || value === '') return fallback
  if (!shape.test(value)) throw new Error(`${key} must be ${what}; got "${value}"`)
  return value
}

const env = await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: withDefault(Env.schema.enum.optional(['development', 'production', 'test'] as const), 'development'),
  PORT: num(3333),
  HOST: str('0.0.0.0'),
  APP_KEY: Env.schema.string.optional(),
  APP_URL: str('http://localhost:3333'),
  LOG_LEVEL: str('info'),
  /** Trusted proxies (docs/decisions.md D53): false, true (every hop), or `loopback,10.0.0.0/8,…`; a bad entry stops boot. */
  TRUST_PROXY: (key: string, value?: string) => {
    parseTrustProxy(value, key)
    return value?.trim() || 'false'
  },
  CORS_ORIGINS: str('http://localhost:3333,http://localhost:5173,http://localhost:5174'),
  BODY_LIMIT: str('64kb'),

  DB_HOST: str('127.0.0.1'),
  DB_PORT: num(3306),
  DB_USER: str('root'),
  DB_PASSWORD: str(''),
  DB_DATABASE: str('reviewroute'),
  DB_POOL_MAX: num(10),

  REDIS_HOST: str('127.0.0.1'),
  REDIS_PORT: num(6379),
  REDIS_PASSWORD: str(''),
  LIMITER_STORE: withDefault(Env.schema.enum.optional(['redis', 'memory'] as const), 'redis'),
  RATING_IP_LIMIT_PER_MINUTE: num(60),
  REVIEW_LINK_CACHE_MS: num(5000),
  PAGE_VIEW_FLUSH_MS: num(1000),

  GOOGLE_PLACES_API_KEY: str(''),
  GOOGLE_PLACES_BASE_URL: str('https://places.googleapis.com'),
  GOOGLE_PLACES_TIMEOUT_MS: num(5000),

  // Google Business Profile (docs/decisions.md D43): OAuth client, endpoints and the API's base (empty: Google's hosts).
  GOOGLE_OAUTH_CLIENT_ID: str(''),
  GOOGLE_OAUTH_CLIENT_SECRET: str(''),
  GOOGLE_OAUTH_AUTHORIZE_URL: str('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: str('https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_REVOKE_URL: str('https://oauth2.googleapis.com/revoke'),
  GOOGLE_API_BASE_URL: str(''),
  GOOGLE_API_TIMEOUT_MS: num(10000),
  // The review sync (docs/decisions.md D44): Business Profile requests a minute, all workers together; the secret
  // path segment of the Pub/Sub push address (empty: push is off, the address is a 404).
  GOOGLE_API_QPM: num(300),
  GOOGLE_PUBSUB_TOKEN: str(''),
  GOOGLE_PUBSUB_TOPIC: str(''),

  // AI reply drafts (docs/decisions.md D46): an OpenAI-compatible Chat Completions API; an empty key turns drafting off.
  AI_API_KEY: str(''),
  AI_BASE_URL: str('https://api.openai.com/v1'),
  AI_MODEL: str('gpt-4o-mini'),

  RAZORPAY_KEY_ID: str(''),
  RAZORPAY_KEY_SECRET: str(''),
  RAZORPAY_WEBHOOK_SECRET: str(''),
  RAZORPAY_BASE_URL: str('https://api.razorpay.com'),
  RAZORPAY_TIMEOUT_MS: num(10000),

  MAIL_TRANSPORT: withDefault(Env.schema.enum.optional(['file', 'smtp', 'log'] as const), 'file'),
  MAIL_DIR: str('tmp/mail'),
  MAIL_FROM: str('ReviewRoute <no-reply@reviewroute.in>'),
  SMTP_HOST: str(''),
  SMTP_PORT: num(587),
  SMTP_USER: str(''),
  SMTP_PASSWORD: str(''),
  SMTP_SECURE: withDefault(Env.schema.enum.optional(['starttls', 'tls', 'off'] as const), 'starttls'),

  QUEUE_PREFIX: str('reviewroute'),
  WORKER_CONCURRENCY: num(5),
  /** How often a worker looks for jobs of a worker that died (BullMQ's stalled check), in seconds. */
  QUEUE_STALLED_SECONDS: num(30),
  /**
   * A send's lease (docs/decisions.md D52): a claim this old belongs to a worker that died and is sent again. Longer
   * than the longest send may take (SMTP at most 50 s, WhatsApp and MSG91 10 s).
   */
  SEND_LEASE_SECONDS: num(300),

  IDP_ISSUER: str(''),
  IDP_JWKS_URL: str(''),
  IDP_AUTHORIZED_PARTIES: str(''),
  IDP_API_URL: str(''),
  IDP_API_SECRET: str(''),

  WHATSAPP_API_BASE_URL: str('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: str('v21.0'),
  WHATSAPP_APP_SECRET: str(''),
  WHATSAPP_VERIFY_TOKEN: str(''),
  /** Meta's Embedded Signup: the app and its Facebook Login for Business configuration (both empty: manual form only). */
  WHATSAPP_APP_ID: str(''),
  WHATSAPP_CONFIG_ID: str(''),
  WHATSAPP_SDK_URL: str('https://connect.facebook.net/en_US/sdk.js'),
  /** Rupees Meta charges per delivered template message (India, utility): what the dashboard estimates with. */
  WHATSAPP_PRICE_INR: (key: string, value?: string) => {
    const price = num(0.115)(key, value)
    if (!(price >= 0)) throw new Error(`${key} must be a price in rupees, 0 or more; got "${value}"`)
    return price
  },

  /** ReviewRoute's own WhatsApp Business number, for owners' alerts (any empty: WhatsApp alerts off). */
  WHATSAPP_PLATFORM_PHONE_NUMBER_ID: str(''),
  WHATSAPP_PLATFORM_WABA_ID: str(''),
  WHATSAPP_PLATFORM_TOKEN: str(''),

  /** Web Push (VAPID): all three empty turns push off. */
  VAPID_PUBLIC_KEY: str(''),
  VAPID_PRIVATE_KEY: str(''),
  VAPID_SUBJECT: str(''),
  /** Push services a subscription may point at besides the browsers' own (comma-separated origins; tests: a stub). */
  PUSH_SERVICE_ORIGINS: str(''),
  /** How long a push may stay unopened before the WhatsApp alert follows it. */
  PUSH_FALLBACK_MINUTES: num(10),

  REQUEST_PROVIDER_MONTHLY_CAP: num(1000),
  REQUEST_SEND_PER_MINUTE: num(30),
  REQUEST_QUIET_HOURS: str('21-9'),
  MSG91_BASE_URL: str('https://control.msg91.com'),
  MSG91_AUTH_KEY: str(''),
  MSG91_SENDER_ID: str(''),
  MSG91_TEMPLATE_ID: str(''),
  DLT_ENTITY_ID: str(''),
  MSG91_WEBHOOK_TOKEN: str(''),

  // The seller on tax invoices (docs/decisions.md D33). The defaults are a placeholder company for local use.
  SELLER_LEGAL_NAME: str('ReviewRoute Technologies Private Limited'),
  SELLER_ADDRESS: str('3rd Floor, 80 Feet Road, Koramangala, Bengaluru 560034'),
  SELLER_STATE_CODE: shaped(/^[0-9]{2}$/, 'a two-digit GST state code', '29'),
  SELLER_GSTIN: str('29AAGCR4375J1ZU'),
  INVOICE_SAC: shaped(/^[0-9]{4,8}$/, '4-8 digits', '998314'),
  /** 1-2 capitals or digits: `RR/2026-27/00001` is the 16 characters GST allows an invoice number. */
  INVOICE_PREFIX: shaped(/^[A-Z0-9]{1,2}$/, '1-2 capital letters or digits', 'RR'),

  OIDC_ISSUER: str(''),
  OIDC_CLIENT_ID: str(''),
  OIDC_CLIENT_SECRET: str(''),
  OIDC_NAME: str('Google'),
  OIDC_TIMEOUT_MS: num(5000),

  /** GET /metrics answers only `Authorization: Bearer {METRICS_TOKEN}`; empty: 404 (docs/decisions.md D34). */
  METRICS_TOKEN: str(''),

  TEST_CLOCK: bool(false),
  BENCH_ROUTES: bool(false),

  LANDING_DIST: str('../landing/dist'),
  DASHBOARD_DIST: str('../frontend/dist'),
})

if (env.get('NODE_ENV') === 'production' && !env.get('APP_KEY')) {
  throw new Error('APP_KEY must be set in production (32+ random characters).')
}

if (env.get('MAIL_TRANSPORT') === 'smtp' && !env.get('SMTP_HOST')) {
  throw new Error('SMTP_HOST must be set when MAIL_TRANSPORT=smtp.')
}

if (!/^(off|\d{1,2}-\d{1,2})$/.test(env.get('REQUEST_QUIET_HOURS'))) {
  throw new Error('REQUEST_QUIET_HOURS must be off or FROM-UNTIL hours in IST, e.g. 21-9.')
}

if (env.get('OIDC_ISSUER') && !env.get('OIDC_CLIENT_ID')) {
  throw new Error('OIDC_CLIENT_ID must be set when OIDC_ISSUER is.')
}

if (env.get('NODE_ENV') === 'production' && env.get('TEST_CLOCK')) {
  throw new Error('TEST_CLOCK must not be enabled in production.')
}

export default env
