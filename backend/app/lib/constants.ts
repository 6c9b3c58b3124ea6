/*
 * Business constants named as the spec names them (docs/product-rules.md, docs/decisions.md D3, D4, D5, D8). Nothing else in the
 * backend types these numbers.
 */

import { POSITIVE_RATING_MIN, RATING_MAX } from '#contract/product_rules'

/** The product's rules shared with the front ends are defined in #contract/product_rules. */
export {
  FEEDBACK_MAX_LENGTH,
  FREE_PLAN_BUSINESS_LIMIT,
  FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS,
  NEGATIVE_RATING_MAX,
  POSITIVE_RATING_MIN,
  RATING_MAX,
  RATING_MIN,
  TRIAL_DAYS,
} from '#contract/product_rules'
/**
 * The positive ratings one by one (4, 5): `rating IN (4, 5)` lets MySQL read each rating's time range from
 * the (business, rating, created_at) index, where `rating >= 4` read every positive row of the business.
 */
export const POSITIVE_RATINGS = Array.from({ length: RATING_MAX - POSITIVE_RATING_MIN + 1 }, (_, i) => POSITIVE_RATING_MIN + i)

/** `instant` feedback alerts: at most one mail per business in this many minutes (docs/decisions.md D30). */
export const FEEDBACK_ALERT_INTERVAL_MINUTES = 10

/** Access tokens expire after 30 days (docs/decisions.md D1). */
export const ACCESS_TOKEN_LIFETIME = '30 days'

/** Days and months are counted in India Standard Time, which has no daylight saving. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'
export const BUSINESS_TZ_OFFSET_MINUTES = 330

/** Generated review codes: no look-alikes (0/o/1/l/i), docs/decisions.md D3. */
export const SHORT_URL_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export const SHORT_URL_GENERATED_LENGTH = 7
export const SHORT_URL_MIN = 3
export const SHORT_URL_MAX = 32
export const RESERVED_SHORT_URLS = new Set([
  'api',
  'admin',
  'review',
  'reviews',
  'dashboard',
  'billing',
  'auth',
  'login',
  'logout',
  'signup',
  'register',
  'settings',
  'profile',
  'feedback',
  'feedbacks',
  'business',
  'businesses',
  'thanks',
  'help',
  'privacy',
  'terms',
  'about',
  'contact',
  'contact-us',
  'static',
  'assets',
  'www',
  'app',
  'home',
  'support',
  'root',
  'null',
  'undefined',
])

/** Funnel insights (docs/product-rules.md). */
export const FUNNEL_RECENT_LOW_RATED = 3
export const FUNNEL_TOP_TOPICS = 3
/**
 * Top topics are counted over this many of the newest low-rated feedbacks: recent complaints, at a bounded
 * cost on a business with years of feedback (scripts/bench/analytics-scale.mjs: 1.5 s → ~15 ms at 1M sessions).
 */
export const FUNNEL_TOPIC_WINDOW = 1000
export const TOPIC_KEYWORDS: Record<string, readonly string[]> = {
  service: ['slow', 'wait'],
  staff: ['staff', 'rude'],
  quality: ['food', 'quality'],
  cleanliness: ['clean', 'dirty'],
  pricing: ['price', 'expensive'],
}
export const WEEK_DAYS = 7

/** List endpoints: default page and the largest page a client may ask for. */
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const ANALYTICS_SESSIONS_LIMIT = 50
export const DAILY_SERIES_DEFAULT_DAYS = 30
export const DAILY_SERIES_MAX_DAYS = 366

/** Where 4-5 ratings go on to: Google's write-a-review page (the customer page's form may redirect there). */
export const GOOGLE_REVIEW_ORIGIN = 'https://search.google.com'
export const googleReviewUrl = (placeId: string) => `${GOOGLE_REVIEW_ORIGIN}/local/writereview?placeid=${encodeURIComponent(placeId)}`

/** Account links mailed to the owner (docs/decisions.md D29): a password reset lives 60 minutes, a verification 7 days. */
export const PASSWORD_RESET_TOKEN_MINUTES = 60
export const EMAIL_VERIFICATION_TOKEN_DAYS = 7
/** The one-time code the OpenID callback hands the sign-in page: used at once by that page. */
export const SIGN_IN_CODE_MINUTES = 2
