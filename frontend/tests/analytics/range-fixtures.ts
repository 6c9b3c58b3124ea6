/* Answers of GET /api/analytics/range in the API's shape, for the range screens' tests. */
import type { AnalyticsRangeResponse, RangeTotals } from '@reviewroute/backend/types/api'
import { previousRange, type DayRange } from '#lib/date-range'

export const totals = (overrides: Partial<RangeTotals> = {}): RangeTotals => ({
  totalSessions: 0,
  positiveSessions: 0,
  negativeSessions: 0,
  redirectedSessions: 0,
  conversionRate: 0,
  averageRating: null,
  filteredFeedback: 0,
  pageViews: 0,
  widgetViews: 0,
  ...overrides,
})

/** The café's 42 ratings this period against 30 before; the answer's dates are the asked ones. */
export const CAFE_NOW = totals({
  totalSessions: 42,
  positiveSessions: 36,
  negativeSessions: 6,
  redirectedSessions: 30,
  conversionRate: 71.4,
  averageRating: 4.5,
  filteredFeedback: 3,
  pageViews: 120,
})
export const CAFE_BEFORE = totals({
  totalSessions: 30,
  positiveSessions: 25,
  negativeSessions: 5,
  redirectedSessions: 30,
  conversionRate: 100,
  averageRating: 4.2,
  filteredFeedback: 5,
  pageViews: 90,
})

export function rangeAnswer(range: DayRange, overrides: Partial<AnalyticsRangeResponse> = {}): AnalyticsRangeResponse {
  return {
    ...range,
    previous: previousRange(range),
    timeZone: 'Asia/Kolkata',
    businessId: null,
    source: null,
    sources: [],
    totals: CAFE_NOW,
    previousTotals: CAFE_BEFORE,
    days: [],
    businesses: [],
    ...overrides,
  }
}

/** A fake API route answering the range asked in the query string. */
export const answerRange =
  (overrides: Partial<AnalyticsRangeResponse> = {}) =>
  ({ url }: { url: URL }) =>
    rangeAnswer({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }, overrides)
