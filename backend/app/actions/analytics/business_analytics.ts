import db from '@adonisjs/lucid/services/db'
import type Business from '#models/business'
import ReviewSession from '#models/review_session'
import { clock } from '#lib/clock'
import { pageViewCounter, widgetViewCounter } from '#hot_path/page_view_counter'
import { totalCounts } from '#lib/session_counts'
import {
  ANALYTICS_SESSIONS_LIMIT,
  FUNNEL_RECENT_LOW_RATED,
  FUNNEL_TOPIC_WINDOW,
  FUNNEL_TOP_TOPICS,
  POSITIVE_RATINGS,
  TOPIC_KEYWORDS,
  WEEK_DAYS,
} from '#lib/constants'

/** Redirected share of all sessions, in percent with one decimal (docs/product-rules.md). */
export const conversionRate = (redirected: number, total: number) => (total === 0 ? 0 : Math.round((redirected / total) * 1000) / 10)

/**
 * Everything the business analytics screen shows (docs/product-rules.md): totals, conversion, the newest sessions, this
 * week's positive sessions, funnel insights (recent low-rated feedback, top complaint topics) and page views.
 */
export default class BusinessAnalytics {
  async handle(business: Business, sessionsLimit = ANALYTICS_SESSIONS_LIMIT) {
    const weekAgo = clock.now().minus({ days: WEEK_DAYS }).toJSDate()
    // This process's counted views first, so the owner sees their own replica's latest. A failed write keeps
    // them for the next flush; the figures are still read (and fail by themselves if the database is down).
    await Promise.all([pageViewCounter.flush().catch(() => {}), widgetViewCounter.flush().catch(() => {})])
    const [counts, positiveWeek, sessions, reviews, recentLowRated, topics, views, widgetViews] = await Promise.all([
      totalCounts(business.id),
      db
        .from('review_sessions')
        .where('business_id', business.id)
        .whereIn('rating', POSITIVE_RATINGS)
        .where('created_at', '>=', weekAgo)
        .count('* as total')
        .first(),
      this.newest(business).limit(sessionsLimit),
      this.newest(business).whereNotNull('feedback').whereNot('feedback', '').limit(sessionsLimit),
      // is_complaint = a rating below POSITIVE_RATING_MIN with feedback (migration 0011), on its own index.
      this.newest(business).where('is_complaint', 1).whereNot('feedback', '').limit(FUNNEL_RECENT_LOW_RATED),
      this.topicCounts(business),
      db.from('page_views_daily').where('business_id', business.id).sum('views as views').first(),
      // The website widget's answers (docs/decisions.md D49).
      db.from('widget_views').where('business_id', business.id).sum('views as views').first(),
    ])
    // One read of the customers and staff behind all three lists (none when no rating came through either).
    await ReviewSession.attachSources([...sessions, ...reviews, ...recentLowRated])

    return {
      totals: {
        totalSessions: counts.sessions,
        positiveSessions: counts.positive,
        negativeSessions: counts.negative,
        redirectedSessions: counts.redirected,
        conversionRate: conversionRate(counts.redirected, counts.sessions),
        positiveLast7Days: Number(positiveWeek?.total ?? 0),
        pageViews: Number(views?.views ?? 0),
        widgetViews: Number(widgetViews?.views ?? 0),
      },
      sessions,
      reviews,
      recentLowRated,
      topTopics: topics,
    }
  }

  private newest(business: Business) {
    return ReviewSession.query().where('business_id', business.id).orderBy('created_at', 'desc').orderBy('id', 'desc')
  }

  /**
   * Low-rated feedback mentioning each topic's keywords, among the newest FUNNEL_TOPIC_WINDOW low-rated
   * feedbacks; the top few with at least one mention. MySQL matched the keywords when each row was stored
   * (complaint_topics, migration 0011), so this reads one index range and no text.
   */
  private async topicCounts(business: Business) {
    const topics = Object.keys(TOPIC_KEYWORDS)
    const columns = topics.map((topic, bit) => db.raw(`SUM((complaint_topics >> ${bit}) & 1) AS ??`, [topic]))
    const recent = db
      .from('review_sessions')
      .where('business_id', business.id)
      .where('is_complaint', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FUNNEL_TOPIC_WINDOW)
      .select('complaint_topics')
      .as('recent')
    const row = (await db.query().from(recent).select(columns).first()) as Record<string, number | string | null>
    return topics
      .map((topic) => ({ topic, count: Number(row?.[topic] ?? 0) }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count)
      .slice(0, FUNNEL_TOP_TOPICS)
  }
}
