/*
 * A fake `GET /api/review-sessions` that filters and pages a list of sessions the way the API does
 * (businessId, _start/_end, newest first, x-total-count).
 */
import type { ReviewSessionDto } from '@reviewroute/backend/types/api'

export function sessionsEndpoint(sessions: ReviewSessionDto[]) {
  return ({ url }: { url: URL }) => {
    const q = url.searchParams
    const rows = sessions
      .filter((row) => !q.has('businessId') || row.businessId === Number(q.get('businessId')))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    const start = Number(q.get('_start') ?? 0)
    const end = Number(q.get('_end') ?? 25)
    return { status: 200, body: rows.slice(start, end) satisfies ReviewSessionDto[], headers: { 'x-total-count': String(rows.length) } }
  }
}
