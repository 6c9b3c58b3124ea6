/*
 * Security headers for every page and API answer (docs/architecture.md#request-pipeline): a Content-Security-Policy that allows only what our
 * pages load (our own bundles, Razorpay Checkout and Meta's SDK for Embedded Signup on the dashboard), no framing
 * by other sites, no MIME
 * sniffing, and HSTS in production (where the app is served over HTTPS).
 */
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { GOOGLE_REVIEW_ORIGIN } from '#lib/constants'

const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com'
const RAZORPAY_API = 'https://api.razorpay.com'

/** The origin Meta's JavaScript SDK loads from for Embedded Signup (WHATSAPP_SDK_URL; docs/decisions.md D67). */
function originOf(url: string) {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
const META_SDK = originOf(env.get('WHATSAPP_SDK_URL'))
/** What the SDK talks to and frames (its login status, its cross-domain channel). */
const META_HOSTS = ['https://www.facebook.com', 'https://web.facebook.com', 'https://graph.facebook.com', 'https://staticxx.facebook.com']
const list = (...sources: (string | null)[]) => [...new Set(sources.filter(Boolean))].join(' ')

export const contentSecurityPolicy = [
  "default-src 'self'",
  // Meta's SDK is added to the dashboard's page only when an owner connects WhatsApp Business.
  `script-src ${list("'self'", RAZORPAY_CHECKOUT, META_SDK)}`,
  // antd writes its component styles into <style> tags at run time.
  "style-src 'self' 'unsafe-inline'",
  // QR codes and the poster are data: URLs; owner avatars come from the identity provider; Razorpay shows logos.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src ${list("'self'", RAZORPAY_API, 'https://lumberjack.razorpay.com', META_SDK, ...META_HOSTS)}`,
  // A customer's WhatsApp voice note plays from a blob: URL of the audio the dashboard fetched with the owner's token.
  "media-src 'self' blob:",
  // 'self': the dashboard's website widget screen previews the widget's own page (/w/{code}, docs/decisions.md D49).
  `frame-src ${list("'self'", RAZORPAY_API, RAZORPAY_CHECKOUT, ...META_HOSTS)}`,
  "frame-ancestors 'none'",
  // The customer page's rating form answers a 4-5 with a redirect to Google's review page (docs/decisions.md D31).
  `form-action 'self' ${GOOGLE_REVIEW_ORIGIN}`,
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

export default {
  headers: {
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  } as Record<string, string>,
  /** Only where the site is served over HTTPS: a year, subdomains included. */
  hsts: app.inProduction ? 'max-age=31536000; includeSubDomains' : null,
}
