/*
 * The dashboard's constants, with the spec's names (docs/product-rules.md#trial, docs/product-rules.md, docs/decisions.md D8, D14). The ones the site
 * shares live in @reviewroute/web-shared/constants.
 */
export * from '@reviewroute/web-shared/constants'

/** Trial status polling: the lock guard every 60 s, the profile page every 30 s. */
export const LOCK_POLL_MS = 60_000
export const PROFILE_POLL_MS = 30_000
/** The trial banner hides itself 30 s after it appears. */
export const TRIAL_BANNER_HIDE_MS = 30_000
/** The trial banner turns red/orange at this many days left or fewer. */
export const TRIAL_URGENT_DAYS = 3
/** The payment success overlay hides after 5 s. */
export const SUCCESS_OVERLAY_MS = 5_000
/** `POST /api/auth/sync-user` about 1 s after a signed-in owner loads. */
export const SYNC_USER_DELAY_MS = 1_000
export const TOOLTIP_DELAY_MS = 700

export const RECENT_ACTIVITY_COUNT = 5
export const BUSINESS_PAGE_SESSIONS = 10
export const FUNNEL_LOW_RATED_COUNT = 3
/** Conversion thresholds of the funnel panel: 'Excellent' at 70 % or more; 'improvement' under 50 % with more than 5 sessions. */
export const EXCELLENT_CONVERSION = 70
export const IMPROVEMENT_CONVERSION = 50
export const IMPROVEMENT_MIN_SESSIONS = 5

/** Review projections (docs/product-rules.md): 50 customers a day, 7 days a week, 10 % leave a review averaging 4.5 stars. */
export const PROJECTION_DEFAULTS = { dailyCustomers: 50, daysPerWeek: 7, responseRate: 0.1, newReviewRating: 4.5 }

/**
 * Where a locked owner may still go (docs/product-rules.md#trial): billing and the profile, and the workspace's own
 * administration (its team, an agency's clients, whose plans it buys, and brand), which a workspace without a plan
 * needs as much as one with.
 */
export const LOCK_ALLOWED_PATHS = [
  '/billing',
  '/profile',
  '/help',
  '/privacy',
  '/terms',
  '/dashboard/team',
  '/dashboard/clients',
  '/dashboard/brand',
]

/** Notification schedule (docs/decisions.md D30): instant alerts at most once per business per 10 minutes; digest and weekly summary at 09:00 IST. */
export const FEEDBACK_ALERT_GATE_MINUTES = 10
export const NOTIFICATION_MAIL_TIME_IST = '09:00'
