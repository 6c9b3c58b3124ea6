/*
 * Security headers for every page and API answer (docs/architecture.md#request-pipeline): a Content-Security-Policy that allows only what our
 * pages load (our own bundles, and Razorpay Checkout on the dashboard), no framing by other sites, no MIME
 * sniffing, and HSTS in production (where the app is served over HTTPS).
 */
import app from '@adonisjs/core/services/app'
import { GOOGLE_REVIEW_ORIGIN } from '#lib/constants'

const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com'
const RAZORPAY_API = 'https://api.razorpay.com'

export const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' ${RAZORPAY_CHECKOUT}`,
  // antd writes its component styles into <style> tags at run time.
  "style-src 'self' 'unsafe-inline'",
  // QR codes and the poster are data: URLs; owner avatars come from the identity provider; Razorpay shows logos.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self' ${RAZORPAY_API} https://lumberjack.razorpay.com`,
  // 'self': the dashboard's website widget screen previews the widget's own page (/w/{code}, docs/decisions.md D49).
  `frame-src 'self' ${RAZORPAY_API} ${RAZORPAY_CHECKOUT}`,
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
