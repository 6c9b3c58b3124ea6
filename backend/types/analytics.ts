/*
 * Figures: a business's analytics and daily series, ranges of days against the ones before, the overview, and the
 * history of a business's Google rating (docs/decisions.md D35).
 */
import type { BusinessDto } from './business.js'
import type { ReviewSessionDto } from './review.js'

export interface AnalyticsTotals {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  conversionRate: number
  positiveLast7Days: number
  pageViews: number
  /** The website widget's answers, all time (docs/decisions.md D49). */
  widgetViews: number
}

export interface AnalyticsResponse {
  business: BusinessDto
  analytics: AnalyticsTotals
  sessions: ReviewSessionDto[]
  reviews: ReviewSessionDto[]
  insights: {
    recentLowRated: ReviewSessionDto[]
    topTopics: { topic: string; count: number }[]
    pageViews: number
  }
}

export interface DailyPointDto {
  date: string
  sessions: number
  positive: number
  negative: number
  redirected: number
  views: number
  /** The website widget's answers that day (docs/decisions.md D49). */
  widgetViews: number
}

export interface DailySeriesResponse {
  businessId: number
  timeZone: string
  days: DailyPointDto[]
}

/** One day of a business's Google figures (docs/decisions.md D35); `rating` is null while the listing has none. */
export interface GoogleRatingPointDto {
  /** IST calendar day, 'YYYY-MM-DD'. */
  day: string
  rating: number | null
  reviewCount: number
}

/** `GET /api/businesses/{id}/google-rating-history`: oldest day first; `since` is the IST day the business was added. */
export interface GoogleRatingHistoryResponse {
  businessId: number
  since: string
  points: GoogleRatingPointDto[]
}

/** `POST /api/businesses/{id}/google-rating/refresh`: today's point and the business's figures now. */
export interface GoogleRatingRefreshResponse {
  businessId: number
  point: GoogleRatingPointDto
  business: { rating: number | null; reviewCount: number }
}

/** Figures over a range of IST days (GET /api/analytics/range), in the names of the analytics and overview totals. */
export interface RangeTotals {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  /** redirected / total in percent, one decimal. */
  conversionRate: number
  /** Mean star rating to one decimal; null without ratings. */
  averageRating: number | null
  /** Private feedback: ratings below the Google threshold that carry text. */
  filteredFeedback: number
  pageViews: number
  /** The website widget's answers (docs/decisions.md D49). */
  widgetViews: number
}

/** A range `from`-`to` ('YYYY-MM-DD', IST, both included) against the same number of days just before it. */
export interface AnalyticsRangeResponse {
  from: string
  to: string
  previous: { from: string; to: string }
  timeZone: string
  /** The business asked for; null: every business of the owner. */
  businessId: number | null
  /** The one source asked for (its ratings alone, and no page views); null: all. */
  source: 'manual' | 'csv' | 'visit_hook' | 'integration' | 'staff_link' | null
  /** The range's ratings by where they came from (whatever `source` is), the most first. */
  sources: RatingSourceDto[]
  totals: RangeTotals
  previousTotals: RangeTotals
  days: DailyPointDto[]
  /** A row per business counted, oldest first. */
  businesses: { businessId: number; name: string; totals: RangeTotals; previousTotals: RangeTotals }[]
}

/** The dashboard overview's numbers of one business, or of all of an owner's businesses together. */
export interface OverviewCounts {
  totalSessions: number
  positiveSessions: number
  negativeSessions: number
  redirectedSessions: number
  /** The mean star rating of every session, to one decimal; null without sessions. */
  averageRating: number | null
  /** Private feedback: sessions rated below the Google threshold that carry text. */
  filteredFeedback: number
}

/**
 * One business's ratings that went on to Google (4-5 stars) in the last PROJECTION_RECENT_DAYS days, from which
 * its review projections take the new reviews' average (docs/decisions.md D37).
 */
export interface RecentGoogleRatings {
  recentGoogleRatings: number
  /** Their mean star rating, to two decimals; null without any. */
  recentGoogleAverage: number | null
}

/** The Google reviews of the overview's businesses, all time, not deleted (docs/decisions.md D47). */
export interface OverviewGoogleReviews {
  total: number
  /** Reviews without a reply on Google. */
  unanswered: number
  /** Of them, 1-3 stars. */
  unansweredNegative: number
  /** Replied / total, 0-1 (four decimals); null without reviews. */
  responseRate: number | null
}

/** `GET /api/overview`: the owner's totals and each of their businesses' numbers (oldest business first). */
export interface OverviewResponse {
  totals: OverviewCounts & { businesses: number }
  businesses: (OverviewCounts & RecentGoogleRatings & { businessId: number })[]
  /** Only for a workspace with a Google connection (docs/decisions.md D47). */
  googleReviews?: OverviewGoogleReviews
}

/**
 * Ratings from one source over a range (docs/decisions.md D72): a request's source (an integration per row, with its
 * provider), a staff member's link, or `page`: the QR poster and the review link, without a request.
 */
export interface RatingSourceDto {
  source: 'manual' | 'csv' | 'visit_hook' | 'integration' | 'staff_link' | 'page'
  integrationId: number | null
  provider: 'razorpay' | 'shopify' | 'woocommerce' | 'zoho_books' | 'zenoti' | null
  ratings: number
  sentToGoogle: number
}
