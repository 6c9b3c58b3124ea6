import type ReviewSession from '#models/review_session'
import { clock } from '#lib/clock'
import { analyticsReads } from '#hot_path/analytics_reads'

/** Marks private feedback handled (or reopens it). Re-marking keeps the first resolution time. */
export default class ResolveFeedback {
  async handle(session: ReviewSession, resolved: boolean) {
    if (resolved && !session.resolvedAt) session.resolvedAt = clock.now()
    if (!resolved) session.resolvedAt = null
    await session.save()
    analyticsReads.forget(session.businessId)
    return session
  }
}
