import type { HttpContext } from '@adonisjs/core/http'
import ReviewSession from '#models/review_session'
import ReviewSessionPolicy from '#policies/review_session_policy'
import { serializeSession } from '#serializers/review_sessions'
import { paginate } from '#lib/list_query'
import { SESSION_LIST } from '#queries/list_specs'
import { businessListTotal } from '#lib/session_counts'
import BusinessPolicy from '#policies/business_policy'
import type { ReviewSessionDto } from '#types/api'

export default class ReviewSessionsController {
  async index(ctx: HttpContext): Promise<ReviewSessionDto[]> {
    const user = ctx.tenant.member
    const total = businessListTotal(BusinessPolicy.visibleIds(user), (counts) => counts.sessions)
    const sessions = await paginate(ctx, ReviewSessionPolicy.visible(user), SESSION_LIST, (session: ReviewSession) => session, total)
    await ReviewSession.attachSources(sessions)
    return sessions.map(serializeSession)
  }

  async show({ bouncer, params }: HttpContext): Promise<ReviewSessionDto> {
    const session = await ReviewSession.find(params.id)
    await bouncer.with(ReviewSessionPolicy).authorize('view', session)
    const [shown] = await ReviewSession.attachSources([session!])
    return serializeSession(shown)
  }
}
