import type ReviewSession from '#models/review_session'
import type { ReviewSessionDto } from '#types/api'

/** A session, with its customer and staff member once ReviewSession.attachSources has read them. */
export function serializeSession(session: ReviewSession): ReviewSessionDto {
  const customer = session.customer
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
    reviewRequestId: session.reviewRequestId ?? null,
    customer: customer ? { name: customer.name, phone: customer.phone, language: customer.language } : null,
    language: session.language ?? null,
    staff: session.staff ? { id: session.staff.id, name: session.staff.name } : null,
    source: session.source ?? 'page',
    voiceNote: session.voiceNote ?? null,
  }
}
