/*
 * The product's rules and sentences that the server enforces and the front ends show, defined once here
 * (docs/product-rules.md). No framework imports: the site, the customer page and the dashboard bundle this file.
 */

/** Customers rate 1 to 5 stars; this many or more go on to Google, fewer are private feedback. */
export const RATING_MIN = 1
export const RATING_MAX = 5
export const POSITIVE_RATING_MIN = 4
export const NEGATIVE_RATING_MAX = POSITIVE_RATING_MIN - 1
export const isPositiveRating = (rating: number) => rating >= POSITIVE_RATING_MIN

/**
 * The dashboard's review projections (docs/decisions.md D37): new Google reviews are assumed to average like
 * the business's own 4-5 star ratings (the ones sent on to Google) of the last PROJECTION_RECENT_DAYS days, once
 * it has PROJECTION_OWN_RATINGS_MIN of them; until then the spec's default average.
 */
export const PROJECTION_RECENT_DAYS = 90
export const PROJECTION_OWN_RATINGS_MIN = 10

/** Longest private feedback, after trimming. */
export const FEEDBACK_MAX_LENGTH = 2000

/** Account passwords (sign-up, reset, change). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** Every new account's free trial. */
export const TRIAL_DAYS = 7
/** The free plan (no paid plan, no running trial). */
export const FREE_PLAN_BUSINESS_LIMIT = 1
export const FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS = 50

/** Plan types as the API names them; the trial is a plan row but never sold. */
export const TRIAL_PLAN_TYPE = 'trial'
export const isPurchasablePlan = (plan: { planType: string }) => plan.planType !== TRIAL_PLAN_TYPE

/** "Monthly Pro Plan" → "Monthly": plans are shown without the suffix. */
export const planDisplayName = (name: string) => name.replace(/ Pro Plan$/, '')

/** The answers of the free plan's limits (403 with `upgrade: true`). */
export const BUSINESS_LIMIT_MESSAGE = `You've reached your business limit (${FREE_PLAN_BUSINESS_LIMIT}). Upgrade to Pro for unlimited businesses.`
/** Review requests a free-plan business may send a month (docs/decisions.md D32). */
export const FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS = 50
export const REQUEST_LIMIT_MESSAGE = `Usage limit exceeded: this business has sent its ${FREE_PLAN_MONTHLY_REQUESTS_PER_BUSINESS} free review requests this month. Upgrade to Pro to keep asking.`
export const REVIEW_LIMIT_MESSAGE = `Usage limit exceeded: this business has received its ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} free reviews this month. Upgrade to Pro to keep collecting reviews.`
/** The answer for an owner's newer business without a paid plan: only the oldest keeps collecting (below). */
export const BUSINESS_PAUSED_MESSAGE =
  'Usage limit exceeded: this business is paused on the free plan. Upgrade to Pro to keep collecting reviews.'

/**
 * Which business keeps working without a paid plan (docs/product-rules.md#free-plan-limits): the owner's oldest, up
 * to the monthly cap; the others pause. Every page that states the rule (dashboard, site, help, terms) uses these
 * words: the general sentence, or the owner's own with their business named.
 */
const FREE_PLAN_RULE_CLAUSE = `your oldest business keeps working with ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} ratings a month; your other businesses pause until you upgrade`
export const AFTER_TRIAL_RULE = `After the trial, without a paid plan, ${FREE_PLAN_RULE_CLAUSE}.`

/**
 * The rule for one owner, without a full stop: "Demo Cafe keeps working with 50 ratings a month; 1 other business
 * pauses until you upgrade"; the general clause while they have no business.
 */
export function keepsWorkingClause(keepsWorking: { name: string } | null, pausedCount: number) {
  if (!keepsWorking) return FREE_PLAN_RULE_CLAUSE
  const keeps = `${keepsWorking.name} keeps working with ${FREE_PLAN_MONTHLY_REVIEWS_PER_BUSINESS} ratings a month`
  if (pausedCount <= 0) return keeps
  return `${keeps}; ${pausedCount} other ${pausedCount === 1 ? 'business pauses' : 'businesses pause'} until you upgrade`
}

/** "After your trial, Demo Cafe keeps working with 50 ratings a month; …", or the general sentence without a business. */
export const afterTrialSentence = (keepsWorking: { name: string } | null, pausedCount: number) =>
  keepsWorking ? `After your trial, ${keepsWorkingClause(keepsWorking, pausedCount)}.` : AFTER_TRIAL_RULE

/** The answers to a purchase while a plan runs (409, title 'Already Subscribed'). */
export const ALREADY_SUBSCRIBED_TITLE = 'Already Subscribed'
export const ALREADY_SUBSCRIBED =
  'You already have an active subscription plan. Cancel your current subscription first if you want to change plans.'
export const CANCELLED_BUT_ACTIVE =
  'You have a cancelled subscription with active access until your billing period ends. Cannot enroll in new plans until your current period expires.'

/**
 * A server without Razorpay's keys sells nothing (docs/decisions.md D59): the billing status says
 * `paymentsConfigured: false`, the dashboard shows this note instead of the buy buttons, and the order and key
 * endpoints answer 503 with `code: PAYMENTS_NOT_CONFIGURED` and this sentence (no advice to try again).
 */
export const PAYMENTS_NOT_CONFIGURED = 'payments_not_configured'
export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server yet, so plans cannot be bought here.'
