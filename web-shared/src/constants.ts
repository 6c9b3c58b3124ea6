/*
 * Front-end constants of the screens (search, carousel, countdown, toasts and phone numbers in docs/screens.md;
 * docs/decisions.md D14), shared by the site and the dashboard.
 */
export const SEARCH_MIN_CHARS = 2
export const SEARCH_DEBOUNCE_MS = 250
export const TESTIMONIAL_ROTATE_MS = 5000
export const CAMPAIGN_COUNTDOWN_SECONDS = 72 * 60 * 60
export const SUCCESS_TOAST_MS = 3000
export const PLAN_TOAST_MS = 4000
export const DEFAULT_TOAST_MS = 5000
export const PHONE_DIGITS = 10
export const PHONE_PREFIX = '+91'
/** The shortest password the server accepts on sign-up and reset (its validators' `minLength`). */
export { PASSWORD_MIN_LENGTH } from '@reviewroute/backend/contract/product_rules'

/** Where every sign-up and sign-in button goes (docs/decisions.md D14). */
export const SIGN_UP_URL = '/auth?mode=signup&redirect=/billing?source=signup'
export const SIGN_IN_URL = '/auth?mode=signin&redirect=/dashboard'

/** How long payments and invoices outlive a deleted account (tax law, docs/decisions.md D29). */
export { TAX_RECORD_YEARS } from '@reviewroute/backend/contract/account_deletion'
/** Where the browser goes once an account is deleted: the site's front door, which says so once. */
export const AFTER_DELETE_URL = '/?account=deleted'

export const SUPPORT_EMAIL = 'support@reviewroute.in'
export const SALES_EMAIL = 'sales@reviewroute.in'
/** WhatsApp chat links (docs/decisions.md D14: a configurable support number; this is the default). */
export const WHATSAPP_SUPPORT = 'https://wa.me/919000000000'
export const SUPPORT_HOURS = [
  ['Monday – Friday', '9:00 – 18:00 IST'],
  ['Saturday', '10:00 – 14:00 IST'],
  ['Sunday', 'Closed'],
] as const
export const EMAIL_RESPONSE = 'within 4 hours during business hours'
export const APP_VERSION = '2.1.0'
