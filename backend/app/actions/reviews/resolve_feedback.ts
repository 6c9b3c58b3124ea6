import type ReviewSession from '#models/review_session'
import { clock } from '#lib/clock'

/** Marks private feedback handled (or reopens it). Re-marking keeps the first resolution time. */
export default class ResolveFeedback {
  async handle(session: ReviewSession, resolved: boolean) {
    if (resolved && !session.resolvedAt) session.resolvedAt = clock.now()
    if (!resolved) session.resolvedAt = null
    await session.save()
    return session
  }
}
