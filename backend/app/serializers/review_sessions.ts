import type ReviewSession from '#models/review_session'
import type { ReviewSessionDto } from '#types/api'

export function serializeSession(session: ReviewSession): ReviewSessionDto {
  const createdAt = session.createdAt.toISO()!
  return {
    id: session.id,
    businessId: session.businessId,
    rating: session.rating,
    feedback: session.feedback,
    redirected: session.redirected,
    resolved: session.resolvedAt !== null,
    resolvedAt: session.resolvedAt?.toISO() ?? null,
    createdAt,
    // The spec's clients read `timestamp`.
    timestamp: createdAt,
    contactName: session.contactName ?? null,
    contactPhone: session.contactPhone ?? null,
  }
}
